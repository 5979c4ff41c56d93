import {
  createContext,
  forwardRef,
  useContext,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ReactNode,
} from "react";

/**
 * Links and the location outside the staff console (docs/decisions/0026): plain anchors that load the page
 * they name, `window.location`, and going to a page by loading it. Every public page is served as islands,
 * so nothing here needs React Router, and the lint rule of eslint.config.js keeps "react-router" out of
 * everything but the console, root.tsx and the server entry. The console runs React Router itself.
 */
type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };
type NavLinkProps = Omit<LinkProps, "className" | "children"> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
};

/** React Router's links say they may be discovered (`data-discover`); the plain ones say the same, so both render one markup. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, target, ...rest }, ref) {
  // its content comes in `rest` (children), as with React Router's Link, whose attribute order this keeps
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...rest} href={to} ref={ref} target={target} data-discover={to.startsWith("/") ? "true" : undefined} />;
});

/** A link that marks the current page (aria-current="page"). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, end: _end, className, ...rest },
  ref,
) {
  const isActive = useLocation().pathname === to;
  return (
    <Link
      ref={ref}
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
});

/**
 * The location of the page. While prerendering (and in the staff console) it is the one React Router
 * renders, which root.tsx gives (`RouterLocation`). On a page served as islands it is the document's; while
 * an island hydrates it is the location the page was prerendered at (its path, no query string, no fragment),
 * so the island renders what the HTML holds, and React renders it again with the real one right after
 * (useSyncExternalStore's server snapshot).
 */
type PlainLocation = { pathname: string; search: string; hash: string };
const RoutedLocation = createContext<PlainLocation | undefined>(undefined);

/** root.tsx gives the location React Router renders: the prerendered page's, or the console's. */
export const RouterLocation = RoutedLocation.Provider;

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

export function useLocation(): PlainLocation {
  const routed = useContext(RoutedLocation);
  const document = useSyncExternalStore(onHashChange, locationNow, locationPrerendered);
  return routed ?? document;
}

/** The query string's parameters, to read: one object per query string, so an effect that depends on it runs when it changes. */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Goes to a page by loading it; `replace` puts it in place of the current one in the history, as a redirect does. */
export function useNavigate() {
  return navigate;
}
export function navigate(to: string, options?: { replace?: boolean }): void {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
