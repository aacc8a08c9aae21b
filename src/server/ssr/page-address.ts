import type { PageRoute } from "#shared/ssr-contract.ts";

/**
 * The one spelling of a page's path (decision 035): the route's fixed segments as declared, each
 * parameter encoded once as `paths` encodes it, no trailing slash. A parameter keeps its case: it
 * is the shopper's text (a search) or a name the catalogue reads as it likes (a category).
 */
export function canonicalPath(route: PageRoute, pathname: string): string {
  const segments: string[] = [];
  for (const segment of route.pattern.split("/")) {
    const value = segment.startsWith(":") ? encodedParam(route.params[segment.slice(1)]) : segment;
    // A parameter that cannot be spelt again (a pattern the shop does not use): left as it came.
    if (value === undefined) return pathname;
    segments.push(value);
  }
  return segments.join("/");
}

function encodedParam(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const encoded = encodeURIComponent(value);
    // "." and ".." would be resolved away by the browser before it asked again.
    return encoded === "." || encoded === ".." ? undefined : encoded;
  } catch {
    return undefined; // an unpaired surrogate
  }
}

/**
 * Whether the page at this query may be kept for visitors: its route is not private and every
 * parameter is one the route declares, once, with a value it takes, written as the shop writes
 * it. Anything else (`?utm_source=`, a random key, `?page=0002`) is drawn for its request only.
 */
export function isKeptQuery(route: PageRoute, search: string): boolean {
  if (route.caching.private) return false;
  if (search === "") return true;
  const kept = route.caching.keptQuery ?? {};
  const seen = new Set<string>();
  for (const pair of search.slice(1).split("&")) {
    const at = pair.indexOf("=");
    const name = at === -1 ? pair : pair.slice(0, at);
    const values = Object.hasOwn(kept, name) ? kept[name] : undefined;
    if (!values || seen.has(name) || !values.test(at === -1 ? "" : pair.slice(at + 1))) return false;
    seen.add(name);
  }
  return true;
}
