import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { SOCIAL_WELCOME_PARAM } from "#shared/api/social-sign-in-contract.ts";
import { defaultLang, LANG_COOKIE, type Lang, parseLang } from "#shared/lang.ts";
import { paths } from "#shared/paths.ts";
import type { PageRoute } from "#shared/ssr-contract.ts";
import { mayHaveSession } from "../auth/session-cache.ts";

/** The page's language: `?lang=`, else the language cookie, else Spanish. */
export function pageLang(c: Context): Lang {
  return parseLang(c.req.query("lang")) ?? parseLang(getCookie(c, LANG_COOKIE)) ?? defaultLang;
}

/** A signed-in shopper's page holds their name, cart and wish list: never for a shared cache. */
export function setPageHeaders(headers: Headers, personal: boolean): void {
  headers.set("cache-control", personal ? "private, no-cache" : "no-cache");
  headers.set("vary", "Cookie, Accept-Encoding");
}

/**
 * A kept page is drawn from nothing of the request but its address and language: no cookie (an
 * expired session's included) reaches the API calls made while drawing it.
 */
export function visitorHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const name of ["accept-language", "user-agent"]) {
    const value = headers.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
}

/** The JSON request the page's script would have sent, with the shopper's cookies and origin. */
export function apiRequestFor(page: Request, origin: string, path: string, body: unknown): Request {
  const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
  for (const name of ["cookie", "user-agent", "accept-language"]) {
    const value = page.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("origin", origin);
  return new Request(new URL(path, page.url), { method: "POST", headers, body: JSON.stringify(body) });
}

/**
 * A page kept by no cache at all: someone's order, for whoever holds its link (its route says so),
 * or a first social sign-in's own welcome step, drawn with the names the provider gave so that it
 * works before and without the script (decisions 032, 033, 035).
 */
export function isPrivatePage(c: Context, route: PageRoute | undefined): boolean {
  if (route?.caching.private) return true;
  return (
    route?.pattern === paths.login() &&
    c.req.query(SOCIAL_WELCOME_PARAM) !== undefined &&
    mayHaveSession(c.req.header("cookie") ?? "")
  );
}
