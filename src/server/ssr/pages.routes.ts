import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { isPageForm, PAGE_FORM_FIELD, type PageFormOutcome } from "#shared/api/page-form-contract.ts";
import { SOCIAL_WELCOME_PARAM } from "#shared/api/social-sign-in-contract.ts";
import { defaultLang, LANG_COOKIE, type Lang, parseLang } from "#shared/lang.ts";
import { isPrivatePage, paths, SEARCH_FORM_FIELD } from "#shared/paths.ts";
import type { RendererModule } from "#shared/ssr-contract.ts";
import { mayHaveSession } from "../auth/session-cache.ts";
import { type PageFormAnswer, refusedPageForm, runPageForm } from "../forms/page-forms.ts";
import { bodyLimit } from "../http/body-limit.ts";
import { type OriginPolicy, requestOrigin } from "../http/origin-policy.ts";
import { writeJudge } from "../http/same-origin-writes.ts";
import type { Logger } from "../logger.ts";
import { loadBuildManifest } from "./build-manifest.ts";
import {
  type CachedPage,
  cachedPageAnswer,
  headerPairs,
  type PageCache,
  type PageToCache,
  pageCacheKey,
} from "./page-cache.ts";
import { fillTemplate, type PageTemplate, splitTemplate } from "./page-template.ts";
import type { ShopperCache } from "./shopper-cache.ts";

export type PagesOptions = {
  distDir: string;
  origins: OriginPolicy;
  /** Payments go to the built-in test cards (every page says so). */
  testMode: boolean;
  logger: Logger;
  /** The API, called in-process (with the page request's connection, for its client address). */
  apiFetch: (request: Request, env?: unknown) => Promise<Response>;
  /** Who is signed in, from the request's cookies. */
  sessionUser: (headers: Headers) => Promise<SessionUser | null>;
  /** Pages as visitors get them, rendered once and kept compressed (decision 018). */
  pageCache?: PageCache;
  /** Signed-in shoppers' own parts of those pages, spliced into them (decision 020). */
  shopperCache?: ShopperCache;
};

/**
 * Every non-API GET: the page rendered on the server, ready to hydrate. A POST is one of the forms
 * that work without the script (issue 10): it runs, and the page answers with its outcome.
 */
export async function pagesRoutes({
  distDir,
  origins,
  testMode,
  logger,
  apiFetch,
  sessionUser,
  pageCache,
  shopperCache,
}: PagesOptions) {
  if (!existsSync(join(distDir, "server", "entry-server.js"))) {
    throw new Error(`No built site in ${distDir}: run "npm run build" (or "npm start", which builds).`);
  }
  const assetsFor = loadBuildManifest(join(distDir, "client"));
  const rendererUrl = pathToFileURL(join(distDir, "server", "entry-server.js")).href;
  const { createRenderer } = (await import(rendererUrl)) as RendererModule;
  const renderer = createRenderer(apiFetch);
  const judgeWrite = writeJudge(origins, logger);
  const site = { origin: origins.publicOrigin, originFixed: origins.fixed, testMode };
  /** The origin a form judged the shop's own came from, also when the browser said "null". */
  const shopOriginOf = (page: Request) => {
    const sent = page.headers.get("origin");
    if (sent && sent !== "null") return sent;
    return origins.fixed ? origins.publicOrigin : (requestOrigin(page) ?? origins.publicOrigin);
  };

  async function render(c: Context, formOutcome: PageFormOutcome | null = null, status?: number) {
    const cookieLang = getCookie(c, LANG_COOKIE);
    const queryLang = c.req.query("lang");
    const lang = requestLang(queryLang, cookieLang);
    try {
      const user = await sessionUser(c.req.raw.headers);
      // A visitor's page is the same for every visitor: kept, unless it answers a form or sets
      // the language cookie (a ?lang= link). A catalogue page is the same for every shopper too,
      // but for their own parts.
      const keepable = !isPrivatePage(c.req.path) && !isOwnWelcome(c);
      if (pageCache && keepable && !formOutcome && !status && !queryLang && c.req.method === "GET") {
        const url = new URL(c.req.url);
        const key = pageCacheKey(lang, `${url.pathname}${url.search}`, new Date().getFullYear());
        const page = pageCache.get(key) ?? (await pageCache.fill(key, () => renderForCache(c.req.raw, lang)));
        if (!user) {
          const answer = cachedPageAnswer(page, {
            acceptEncoding: c.req.header("accept-encoding"),
            ifNoneMatch: c.req.header("if-none-match"),
          });
          return new Response(answer.body, { status: answer.status, headers: headerPairs(answer.head) });
        }
        if (page.template && shopperCache) {
          const caches = { pages: pageCache, shoppers: shopperCache };
          return await shopperPage(caches, c.req.raw, lang, user, { ...page, template: page.template });
        }
      }
      const page = await renderPage(c.req.raw, lang, user, formOutcome);
      // Someone's order, for whoever holds its link, or a first social sign-in's own welcome
      // step: kept by no cache at all (decisions 032, 033).
      if (!keepable) page.headers.set("cache-control", "private, no-store");
      const response = status ? new Response(page.body, { status, headers: page.headers }) : page;
      // A ?lang= link (hreflang) switches the shop's language for the following pages too.
      if (queryLang && lang !== cookieLang) {
        response.headers.append(
          "set-cookie",
          `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`,
        );
      }
      return response;
    } catch (error) {
      logger.error({ err: error, path: c.req.path }, "page render failed");
      return c.html(fallbackPage(lang), 500);
    }
  }

  async function renderPage(
    request: Request,
    lang: Lang,
    user: SessionUser | null,
    formOutcome: PageFormOutcome | null,
  ): Promise<Response> {
    const { response } = await renderer.renderPage({ request, lang, site, user, formOutcome, assetsFor });
    setPageHeaders(response.headers, user !== null);
    return response;
  }

  /**
   * A page drawn once with its personal holes (decision 020): filled for visitors, it is what they
   * are sent; a catalogue page also keeps the holes for signed-in shoppers.
   */
  async function renderForCache(request: Request, lang: Lang): Promise<PageToCache> {
    const visitor = new Request(request.url, { headers: visitorHeaders(request.headers) });
    const [{ response, productIds, shared }, visitorParts] = await Promise.all([
      renderer.renderPage({
        request: visitor,
        lang,
        site,
        user: null,
        formOutcome: null,
        assetsFor,
        asTemplate: true,
      }),
      renderer.shopperParts({ request: visitor, lang, site, user: null }),
    ]);
    setPageHeaders(response.headers, false);
    const template = splitTemplate(await response.text());
    return {
      status: response.status,
      html: Buffer.from(fillTemplate(template, visitorParts.drawHoles(template.holes))),
      headers: Object.fromEntries(response.headers),
      productIds,
      ...(shared && response.status === 200 ? { template } : {}),
    };
  }

  /** A catalogue page for a signed-in shopper: the kept pieces around their own, never re-rendered. */
  async function shopperPage(
    { pages, shoppers }: { pages: PageCache; shoppers: ShopperCache },
    request: Request,
    lang: Lang,
    user: SessionUser,
    page: CachedPage & { template: PageTemplate },
  ): Promise<Response> {
    const shopper = await shoppers.fillsOf(user, lang, () =>
      renderer.shopperParts({ request, lang, site, user }),
    );
    const fills = shopper.fillsFor(page.template.holes);
    const answer = pages.splicedAnswer(page, fills, request.headers.get("accept-encoding"));
    return new Response(answer.body, { status: answer.status, headers: headerPairs(answer.head) });
  }

  return (
    new Hono()
      // The header's search as a plain form: GET /producto?texto=… goes where the script would.
      .get(paths.searchForm(), (c) => {
        const text = (c.req.query(SEARCH_FORM_FIELD.text) ?? "").trim().slice(0, 100);
        // Blank text never gets here from a browser that checks forms; from one that does not, home.
        return c.redirect(text ? paths.search(text) : paths.home(), 303);
      })
      .get("*", (c) => render(c))
      .post(
        "*",
        bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text("Formulario demasiado grande", 413) }),
        async (c) => {
          const verdict = await judgeWrite(c);
          if (verdict === "cross-site") return c.text("Forbidden", 403);
          const fields = stringFields(await c.req.parseBody());
          const form = fields[PAGE_FORM_FIELD];
          if (!isPageForm(form)) return c.text("Formulario desconocido", 400);
          const lang = requestLang(c.req.query("lang"), getCookie(c, LANG_COOKIE));
          const callApi = (path: string, body: unknown) =>
            apiFetch(apiRequestFor(c.req.raw, shopOriginOf(c.req.raw), path, body), c.env);
          const answer: PageFormAnswer =
            verdict === "wrong-origin"
              ? refusedPageForm(form, fields)
              : await runPageForm(form, { fields, lang, callApi });
          if (answer.kind === "page") return render(c, answer.outcome, answer.status);
          const response = c.redirect(answer.location, 303);
          for (const cookie of answer.cookies) response.headers.append("set-cookie", cookie);
          return response;
        },
      )
  );
}

/** A signed-in shopper's page holds their name, cart and wish list: never for a shared cache. */
function setPageHeaders(headers: Headers, personal: boolean): void {
  headers.set("cache-control", personal ? "private, no-cache" : "no-cache");
  headers.set("vary", "Cookie, Accept-Encoding");
}

/**
 * A kept page is drawn from nothing of the request but its address and language: no cookie (an
 * expired session's included) reaches the API calls made while drawing it.
 */
function visitorHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const name of ["accept-language", "user-agent"]) {
    const value = headers.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
}

/** The JSON request the page's script would have sent, with the shopper's cookies and origin. */
function apiRequestFor(page: Request, origin: string, path: string, body: unknown): Request {
  const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
  for (const name of ["cookie", "user-agent", "accept-language"]) {
    const value = page.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("origin", origin);
  return new Request(new URL(path, page.url), { method: "POST", headers, body: JSON.stringify(body) });
}

function stringFields(body: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === "string") fields[name] = value;
  return fields;
}

function requestLang(query: string | undefined, cookie: string | undefined): Lang {
  return parseLang(query) ?? parseLang(cookie) ?? defaultLang;
}

function fallbackPage(lang: Lang): string {
  const text =
    lang === "pt"
      ? "Não foi possível mostrar esta página. Tente novamente dentro de instantes."
      : "No hemos podido mostrar esta página. Inténtalo de nuevo en unos instantes.";
  return `<!DOCTYPE html><html lang="${lang}"><meta charset="utf-8"><title>Error</title><p>${text}</p><p><a href="/">Volver / Voltar</a></p></html>`;
}

/**
 * Where a social sign-in lands, asked with a session: a first sign-in's welcome form is drawn
 * with the names the provider gave, so it works before and without the script (decision 033).
 */
function isOwnWelcome(c: Context): boolean {
  return (
    c.req.path === paths.login() &&
    c.req.query(SOCIAL_WELCOME_PARAM) !== undefined &&
    mayHaveSession(c.req.header("cookie") ?? "")
  );
}
