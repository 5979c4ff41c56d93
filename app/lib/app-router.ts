import { Link, NavLink, useLocation, useNavigate } from "react-router";
import type { SiteRouter } from "./router";

/** React Router's links and hooks, for the parts of a page that islands hydrate too (root.tsx gives them to ~/lib/router). */
export const appRouter: SiteRouter = { Link, NavLink, useLocation, useNavigate };
