import {
  createContext,
  forwardRef,
  useContext,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
} from "react";

/**
 * The few router features that the parts of a page shown on every page use (the navigation, the footer,
 * a policy's search and buttons): links, the current path, and going to a page. In the app (root.tsx)
 * they are React Router's own; on a page served as islands (docs/decisions/0016) these plain versions
 * stand in: the same markup, links that load the page they name. So the header, footer and every island
 * have one implementation, and the islands' JavaScript leaves React Router out.
 */
type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };
type NavLinkProps = Omit<LinkProps, "className" | "children"> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
};

export interface SiteRouter {
  Link: ComponentType<LinkProps & React.RefAttributes<HTMLAnchorElement>>;
  NavLink: ComponentType<NavLinkProps & React.RefAttributes<HTMLAnchorElement>>;
  useLocation: () => { pathname: string; search: string; hash: string };
  /** The query string's parameters, to read. */
  useSearchParams: () => URLSearchParams;
  /** `replace` puts the page in place of the current one in the history, as a redirect does. */
  useNavigate: () => (to: string, options?: { replace?: boolean }) => void | Promise<void>;
}

/** React Router's links say they may be discovered (`data-discover`); the plain ones say the same, so both render one markup. */
const PlainLink = forwardRef<HTMLAnchorElement, LinkProps>(function PlainLink({ to, target, ...rest }, ref) {
  // its content comes in `rest` (children), as with React Router's Link, whose attribute order this keeps
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...rest} href={to} ref={ref} target={target} data-discover={to.startsWith("/") ? "true" : undefined} />;
});

const PlainNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function PlainNavLink(
  { to, end: _end, className, ...rest },
  ref,
) {
  const isActive = plainRouter.useLocation().pathname === to;
  return (
    <PlainLink
      ref={ref}
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
});

/**
 * On an islands page the location is the document's. While an island hydrates it is the location the
 * page was prerendered at (its path, no query string, no fragment), so the island renders what the HTML
 * holds; React renders it again with the real one right after (useSyncExternalStore's server snapshot).
 */
type PlainLocation = { pathname: string; search: string; hash: string };
let current: PlainLocation | undefined;
const locationNow = (): PlainLocation => {
  const { pathname, search, hash } = window.location;
  if (current?.pathname !== pathname || current.search !== search || current.hash !== hash)
    current = { pathname, search, hash };
  return current;
};
let prerendered: PlainLocation | undefined;
const locationPrerendered = (): PlainLocation => {
  if (typeof window === "undefined") return { pathname: "/", search: "", hash: "" };
  if (prerendered?.pathname !== window.location.pathname)
    prerendered = { pathname: window.location.pathname, search: "", hash: "" };
  return prerendered;
};
const onHashChange = (changed: () => void) => {
  window.addEventListener("hashchange", changed);
  return () => window.removeEventListener("hashchange", changed);
};
function usePlainLocation(): PlainLocation {
  return useSyncExternalStore(onHashChange, locationNow, locationPrerendered);
}
function usePlainSearchParams(): URLSearchParams {
  const { search } = usePlainLocation();
  // one object per query string, as React Router's: an effect that depends on it runs when it changes
  return useMemo(() => new URLSearchParams(search), [search]);
}

const plainRouter: SiteRouter = {
  Link: PlainLink,
  NavLink: PlainNavLink,
  useLocation: usePlainLocation,
  useSearchParams: usePlainSearchParams,
  useNavigate: () => (to: string, options?: { replace?: boolean }) =>
    options?.replace ? window.location.replace(to) : window.location.assign(to),
};

const RouterContext = createContext<SiteRouter>(plainRouter);

/** root.tsx gives the app's router; islands get the plain one by default. */
export const SiteRouterProvider = RouterContext.Provider;

export function Link(props: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  const { Link: L } = useContext(RouterContext);
  return <L {...props} />;
}

export function NavLink(props: NavLinkProps) {
  const { NavLink: L } = useContext(RouterContext);
  return <L {...props} />;
}

export function useLocation() {
  return useContext(RouterContext).useLocation();
}

export function useSearchParams(): URLSearchParams {
  return useContext(RouterContext).useSearchParams();
}

export function useNavigate() {
  return useContext(RouterContext).useNavigate();
}
