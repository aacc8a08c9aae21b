import { type ReactNode, startTransition, useLayoutEffect, useMemo, useState } from "react";
import { parse } from "regexparam";
import {
  Link,
  matchRoute,
  Redirect,
  Route,
  Router,
  Switch,
  useLocation,
  useParams as useRawParams,
  useSearch,
  useSearchParams,
} from "wouter";
import { navigate as navigateBrowser } from "wouter/use-browser-location";

/**
 * The shop's routing (decision 028): wouter's declarative routes, links and hooks, with what the
 * shop needs on top — a location that changes inside a transition, and decoded parameters.
 * Pages and features import routing from here, never from wouter itself.
 */
export { Link, Redirect, Route, Switch, useSearchParams };

// wouter dispatches these on pushState and replaceState (it patches history once).
const LOCATION_EVENTS = ["popstate", "pushState", "replaceState"] as const;

/**
 * A part of the browser's location held in React state and updated inside a transition, as
 * React Router's BrowserRouter does: a page already shown stays on screen while the next one's
 * module or data load (a new page still shows its own spinner). On the server, the request's.
 *
 * Each component that reads it holds its own copy, as wouter's own hook does, not one copy in a
 * context: a context that changes on every route change would make React hydrate the footer first
 * (it waits for the viewport, footer-when-visible.tsx), and the route change would wait for it.
 */
function useLocationPart(read: () => string, onServer: string | undefined): string {
  const [value, setValue] = useState(() => onServer ?? read());
  useLayoutEffect(() => {
    const update = () => startTransition(() => setValue(read()));
    for (const event of LOCATION_EVENTS) addEventListener(event, update);
    update(); // a change between the first render and this effect
    return () => {
      for (const event of LOCATION_EVENTS) removeEventListener(event, update);
    };
  }, [read]);
  return value;
}

const readPath = () => location.pathname;
// wouter's search hooks give the query without its "?".
const readSearch = () => location.search.replace(/^\?/, "");

type ServerLocation = { ssrPath?: string | undefined; ssrSearch?: string | undefined };

const transitionLocation = Object.assign(
  ({ ssrPath }: ServerLocation): [string, typeof navigateBrowser] => [
    useLocationPart(readPath, ssrPath),
    navigateBrowser,
  ],
  { searchHook: ({ ssrSearch }: ServerLocation) => useLocationPart(readSearch, ssrSearch) },
);

/** The router of the whole app; `url` is the request's path and query when rendering on the server. */
export function ShopRouter({ url, children }: { url?: string; children: ReactNode }) {
  const [path, search] = url === undefined ? [] : splitUrl(url);
  return (
    <Router hook={transitionLocation} ssrPath={path} ssrSearch={search}>
      {children}
    </Router>
  );
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf("?");
  return at === -1 ? [url, ""] : [url.slice(0, at), url.slice(at + 1)];
}

/** Where the shopper is: the path and the query, with its "?" (empty when there is none). */
export function useCurrentUrl(): { pathname: string; search: string } {
  const [pathname] = useLocation();
  const search = useSearch();
  return { pathname, search: search ? `?${search}` : "" };
}

export type NavigateOptions = { replace?: boolean };

/** Moves the shopper to `to` inside the app, adding a history entry unless `replace`. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useLocation()[1];
}

/** The parameters of the matched route, decoded ("Ropa%20de%20cama" → "Ropa de cama"). */
export function useParams(): Readonly<Record<string, string | undefined>> {
  const raw = useRawParams();
  return useMemo(() => decodeParams(raw), [raw]);
}

/** Sends the shopper to `to` once rendered in the browser; `replace` drops the current entry. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}

/** `pathname`'s parameters if it matches `pattern` (":name" segments), decoded; else undefined. */
export function matchPattern(
  pattern: string,
  pathname: string,
): Readonly<Record<string, string | undefined>> | undefined {
  const [matches, params] = matchRoute(parse, pattern, pathname);
  return matches ? decodeParams(params) : undefined;
}

function decodeParams(
  params: Readonly<Record<string, string | undefined>>,
): Readonly<Record<string, string | undefined>> {
  const decoded: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(params)) {
    // Positional captures ("0", "1") are wouter's; the shop's routes name their parameters.
    if (/^\d+$/.test(key)) continue;
    decoded[key] = value === undefined ? undefined : safeDecode(value);
  }
  return decoded;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a malformed escape is kept as written
  }
}
