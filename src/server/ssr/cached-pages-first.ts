import type { IncomingMessage, ServerResponse } from "node:http";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { defaultLang, LANG_COOKIE, parseLang } from "#shared/lang.ts";
import { currentRequest } from "../request-context.ts";
import { type CachedAnswer, cachedPageAnswer, type PageCache, pageCacheKey } from "./page-cache.ts";
import type { ShopperCache } from "./shopper-cache.ts";

/** The metrics' route of a page sent from the page cache before the app (issue 31). */
export const KEPT_PAGE_ROUTE = "(kept page)";

export type CachedPagesFirstOptions = {
  cache: PageCache;
  /**
   * Who a Cookie header signs in: null for nobody (a visitor), undefined when only the app can
   * tell (a session cookie whose session is not trusted from memory).
   */
  shopperOf: (cookieHeader: string) => SessionUser | null | undefined;
  /** Signed-in shoppers' kept parts of the catalogue pages (decision 020). */
  shoppers?: ShopperCache;
};

const LANG_IN_COOKIE = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`);

/**
 * In front of the app, on Node's own request: a visitor's page that is in the cache is written
 * from its bytes, without the framework, the renderer or a compressor (decision 018), and so is a
 * catalogue page for a signed-in shopper whose session and own parts are in memory (decision 020).
 * Returns false for anything else, which the app then answers (and fills the caches with). A kept
 * page's head carries the answer policy's headers (`http/answer-policy.ts`), so it is sent as the
 * app sends it from the cache (`http/front-door.api.test.ts`; decision 040).
 */
export function cachedPagesFirst({ cache, shopperOf, shoppers }: CachedPagesFirstOptions) {
  const year = currentYear();
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const { method, url } = request;
    if ((method !== "GET" && method !== "HEAD") || !url || url.startsWith("/api/")) return false;
    // A ?lang= link answers with the language cookie: the app's.
    if (url.includes("lang=")) return false;
    const { cookie = "", acceptEncoding, ifNoneMatch } = readHeaders(request.rawHeaders);
    const user = cookie ? shopperOf(cookie) : null;
    if (user === undefined) return false;
    const lang = parseLang(LANG_IN_COOKIE.exec(cookie)?.[1]) ?? defaultLang;
    // A signed-in shopper's catalogue page, when their own parts are kept too.
    const shopper = user ? shoppers?.peek(user, lang) : undefined;
    if (user && !shopper) return false;
    const page = cache.get(pageCacheKey(lang, url, year()));
    if (!page) return false;
    let answer: CachedAnswer;
    if (!shopper) answer = cachedPageAnswer(page, { acceptEncoding, ifNoneMatch });
    else if (page.template) {
      const template = page.template;
      answer = cache.splicedAnswer({ ...page, template }, shopper.fillsFor(template.holes), acceptEncoding);
    } else return false;
    const current = currentRequest();
    if (current) current.route = KEPT_PAGE_ROUTE;
    response.writeHead(answer.status, answer.head as string[]);
    response.end(method === "HEAD" ? undefined : answer.body);
    return true;
  };
}

/**
 * The three headers this needs, straight from the raw list: Node builds `request.headers` on
 * first use, a cost a kept page does not otherwise pay.
 */
function readHeaders(raw: readonly string[]) {
  const found: { cookie?: string; acceptEncoding?: string; ifNoneMatch?: string } = {};
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index] ?? "";
    const value = raw[index + 1];
    if (name.length === 6 && name.toLowerCase() === "cookie") {
      found.cookie = found.cookie ? `${found.cookie}; ${value}` : value;
    } else if (name.length === 15 && name.toLowerCase() === "accept-encoding") found.acceptEncoding = value;
    else if (name.length === 13 && name.toLowerCase() === "if-none-match") found.ifNoneMatch = value;
  }
  return found;
}

/** The year on the server's clock, as the footer shows it, read from a Date once a year. */
function currentYear(): () => number {
  let year = 0;
  let nextYearAt = 0;
  return () => {
    const now = Date.now();
    if (now >= nextYearAt) {
      year = new Date(now).getFullYear();
      nextYearAt = new Date(year + 1, 0, 1).getTime();
    }
    return year;
  };
}
