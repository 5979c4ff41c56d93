import { Link, NavLink, useLocation, useNavigate, useSearchParams } from "react-router";
import type { SiteRouter } from "./router";

/** React Router's links and hooks, for the parts of a page that islands hydrate too (root.tsx gives them to ~/lib/router). */
function useSearch(): URLSearchParams {
  return useSearchParams()[0];
}

export const appRouter: SiteRouter = {
  Link,
  NavLink,
  useLocation,
  useNavigate,
  useSearchParams: useSearch,
};
