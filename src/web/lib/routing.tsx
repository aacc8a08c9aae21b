import {
  createContext,
  type ReactNode,
  startTransition,
  use,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
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

/** A location: the path, and the query without its "?" (as wouter's search hooks give it). */
type Url = { path: string; search: string };

const readUrl = (): Url => ({ path: location.pathname, search: location.search.replace(/^\?/, "") });

function splitUrl(url: string): Url {
  const at = url.indexOf("?");
  return at === -1 ? { path: url, search: "" } : { path: url.slice(0, at), search: url.slice(at + 1) };
}

/**
 * The browser's location held once in React state and updated inside a transition, as React
 * Router's BrowserRouter does: a page already shown stays on screen while the next one's module
 * or data load (a new page still shows its own spinner). On the server, the request's.
 */
function useUrl(onServer: Url | undefined): Url {
  const [url, setUrl] = useState(() => onServer ?? readUrl());
  useLayoutEffect(() => {
    const update = () =>
      startTransition(() =>
        setUrl((current) => {
          const next = readUrl();
          return next.path === current.path && next.search === current.search ? current : next;
        }),
      );
    for (const event of LOCATION_EVENTS) addEventListener(event, update);
    update(); // a change between the first render and this effect
    return () => {
      for (const event of LOCATION_EVENTS) removeEventListener(event, update);
    };
  }, []);
  return url;
}

const UrlContext = createContext<Url>({ path: "/", search: "" });

/** wouter's location hooks, reading the one location of the app (not a subscription per link). */
const sharedLocation = Object.assign(
  (): [string, typeof navigateBrowser] => [use(UrlContext).path, navigateBrowser],
  { searchHook: () => use(UrlContext).search },
);

/** The router of the whole app; `url` is the request's path and query when rendering on the server. */
export function ShopRouter({ url, children }: { url?: string; children: ReactNode }) {
  const current = useUrl(url === undefined ? undefined : splitUrl(url));
  return (
    <UrlContext value={current}>
      <Router hook={sharedLocation}>{children}</Router>
    </UrlContext>
  );
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
