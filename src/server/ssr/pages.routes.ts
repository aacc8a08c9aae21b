import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { isPageForm, PAGE_FORM_FIELD, type PageFormOutcome } from "#shared/api/page-form-contract.ts";
import { LANG_COOKIE, type Lang } from "#shared/lang.ts";
import { paths, SEARCH_FORM_FIELD } from "#shared/paths.ts";
import type { PageRoute } from "#shared/ssr-contract.ts";
import { type PageFormAnswer, readFormFields, refusedPageForm, runPageForm } from "../forms/page-forms.ts";
import { bodyLimit } from "../http/body-limit.ts";
import { clientAddress } from "../http/client-address.ts";
import { type OriginPolicy, requestOrigin } from "../http/origin-policy.ts";
import type { LimitRule, RequestLimits } from "../http/rate-limit.ts";
import { writeJudge } from "../http/same-origin-writes.ts";
import type { Logger } from "../logger.ts";
import { type BuiltSite, loadBuiltSite } from "./built-site.ts";
import { messageAnswer } from "./message-page.ts";
import { canonicalPath, isKeptQuery } from "./page-address.ts";
import { cachedPageAnswer, headerPairs, type PageCache, pageCacheKey } from "./page-cache.ts";
import type { CachedPage, PageToCache } from "./page-compression.ts";
import { apiRequestFor, isPrivatePage, pageLang, setPageHeaders, visitorHeaders } from "./page-requests.ts";
import { fillTemplate, type PageTemplate, splitTemplate } from "./page-template.ts";
import type { ShopperCache } from "./shopper-cache.ts";

export type PagesOptions = {
  distDir: string;
  /** Instead of the build in `distDir`: what tests draw pages with (testing/sketch-renderer.ts). */
  site?: BuiltSite;
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
  /** Where the limit of pages drawn counts. */
  limits: RequestLimits;
  /** Pages drawn per client address (those not sent from the cache); null: none. */
  renderLimit?: LimitRule | null;
};

/**
 * Pages drawn for one address in a minute, past the kept ones: far above what people browsing
 * from one address ask for, far below what a loop of fresh addresses costs (decision 035).
 */
export const PAGE_RENDER_LIMIT = { limit: 300, windowMs: 60_000 };

type DrawOptions = { lang: Lang; user: SessionUser | null; formOutcome: PageFormOutcome | null };

/**
 * Every non-API GET: the page rendered on the server, ready to hydrate. A POST is one of the forms
 * that work without the script (issue 10): it runs, and the page answers with its outcome.
 */
/** A path whose last segment is a file's name (`logo.png`, `favicon-x.ico`), not a page's. */
const FILE_NAME = /\/[^/]*\.[A-Za-z0-9]{1,8}$/;

export async function pagesRoutes(options: PagesOptions) {
  const { origins, logger, apiFetch, sessionUser, pageCache, shopperCache } = options;
  const { createRenderer, assetsFor } = options.site ?? (await loadBuiltSite(options.distDir));
  const renderer = createRenderer(apiFetch);
  const judgeWrite = writeJudge(origins, logger);
  const site = { origin: origins.publicOrigin, originFixed: origins.fixed, testMode: options.testMode };
  const renderLimit = options.renderLimit === undefined ? PAGE_RENDER_LIMIT : options.renderLimit;
  const routeOf = (c: Context) => renderer.pageRoute(new URL(c.req.url).pathname);
  /** The origin a form judged the shop's own came from, also when the browser said "null". */
  const shopOriginOf = (page: Request) => {
    const sent = page.headers.get("origin");
    if (sent && sent !== "null") return sent;
    return origins.fixed ? origins.publicOrigin : (requestOrigin(page) ?? origins.publicOrigin);
  };

  /**
   * A page GET: sent on to its one spelling (decision 035), else answered. A file the shop does
   * not have (`/x.png`) is a 404, not the home page an unknown page is sent to (spec §2), so an
   * `<img>` or a crawler is never given HTML for it.
   */
  async function getPage(c: Context): Promise<Response> {
    const url = new URL(c.req.url);
    const route = renderer.pageRoute(url.pathname);
    if (!route && FILE_NAME.test(url.pathname)) return messageAnswer(pageLang(c), "missing-file", 404);
    const path = route ? canonicalPath(route, url.pathname) : url.pathname;
    if (path !== url.pathname) return c.redirect(`${path}${url.search}`, 301);
    return render(c, route);
  }

  async function render(
    c: Context,
    route: PageRoute | undefined,
    formOutcome: PageFormOutcome | null = null,
    status?: number,
  ): Promise<Response> {
    const lang = pageLang(c);
    try {
      const user = await sessionUser(c.req.raw.headers);
      const key = formOutcome || status ? undefined : keptKeyOf(c, route, lang);
      if (pageCache && key) {
        const kept = await keptAnswer(c, { cache: pageCache, key, lang, user });
        if (kept) return kept;
      }
      const page = await drawnPage(c, { lang, user, formOutcome });
      // Someone's order, or their own welcome step: kept by no cache at all (decisions 032, 033).
      if (isPrivatePage(c, route)) page.headers.set("cache-control", "private, no-store");
      // A form's outcome carries its status; a page that sends the shopper elsewhere keeps its own.
      const drawn = status !== undefined && page.status < 300;
      return drawn ? new Response(page.body, { status, headers: page.headers }) : page;
    } catch (error) {
      logger.error({ err: error, path: c.req.path }, "page render failed");
      return messageAnswer(lang, "failed", 500);
    }
  }

  /**
   * Where a visitor's page is kept: a GET of a route that allows it, at an address whose query
   * carries only what the route declares (decision 035). Not the answer to a form, not a ?lang= link.
   */
  function keptKeyOf(c: Context, route: PageRoute | undefined, lang: Lang): string | undefined {
    const url = new URL(c.req.url);
    const keepable =
      route !== undefined &&
      c.req.method === "GET" &&
      !isPrivatePage(c, route) &&
      isKeptQuery(route, url.search);
    return keepable
      ? pageCacheKey(lang, `${url.pathname}${url.search}`, new Date().getFullYear())
      : undefined;
  }

  /**
   * The kept page, drawn into the cache on a miss: as it is for a visitor, with their own parts for
   * a signed-in shopper on a catalogue page; undefined when a shopper's page is drawn for them.
   */
  async function keptAnswer(
    c: Context,
    { cache, key, lang, user }: { cache: PageCache; key: string; lang: Lang; user: SessionUser | null },
  ): Promise<Response | undefined> {
    let page = cache.get(key);
    if (!page) {
      const refused = await refusedRender(c, lang);
      if (refused) return refused;
      page = await cache.fill(key, () => renderForCache(c.req.raw, lang));
    }
    if (!user) {
      const answer = cachedPageAnswer(page, {
        acceptEncoding: c.req.header("accept-encoding"),
        ifNoneMatch: c.req.header("if-none-match"),
      });
      return new Response(answer.body, { status: answer.status, headers: headerPairs(answer.head) });
    }
    if (!page.template || !shopperCache) return undefined;
    const caches = { pages: cache, shoppers: shopperCache };
    return await shopperPage(caches, c.req.raw, lang, user, { ...page, template: page.template });
  }

  /** The page drawn for this request (a GET within its address's limit), not kept. */
  async function drawnPage(c: Context, { lang, user, formOutcome }: DrawOptions): Promise<Response> {
    // A form's answer is drawn as part of its POST, which its own endpoints limit.
    const refused = formOutcome ? undefined : await refusedRender(c, lang);
    if (refused) return refused;
    const { response } = await renderer.renderPage({
      request: c.req.raw,
      lang,
      site,
      user,
      formOutcome,
      assetsFor,
    });
    setPageHeaders(response.headers, user !== null);
    // A ?lang= link (hreflang) switches the shop's language for the following pages too.
    if (c.req.query("lang") && lang !== getCookie(c, LANG_COOKIE)) {
      response.headers.append("set-cookie", `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`);
    }
    return response;
  }

  /** 429 with the shop's message past the address's pages drawn this minute; undefined under it. */
  async function refusedRender(c: Context, lang: Lang): Promise<Response | undefined> {
    if (!renderLimit) return undefined;
    const verdict = await options.limits.take("page-render", clientAddress(c), renderLimit);
    if (verdict.allowed) return undefined;
    return messageAnswer(lang, "too-many", 429, { "retry-after": String(verdict.retryAfterSeconds) });
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
    const template = splitTemplate(Buffer.from(await response.arrayBuffer()));
    const visitorFills = visitorParts.drawHoles(template.holes);
    return {
      status: response.status,
      html: fillTemplate(template, visitorFills),
      headers: Object.fromEntries(response.headers),
      productIds,
      ...(shared && response.status === 200 ? { template, visitorFills } : {}),
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

  /**
   * A form posted without the script. A body that is no form, or one posted to a path that is no
   * page (`/robots.txt`), is refused here, in one place, with 400 and the shop's message.
   */
  async function postForm(c: Context): Promise<Response> {
    const lang = pageLang(c);
    const verdict = await judgeWrite(c);
    if (verdict === "cross-site") return messageAnswer(lang, "cross-site", 403);
    const route = routeOf(c);
    const fields = await readFormFields(c.req);
    const form = fields?.[PAGE_FORM_FIELD];
    if (!route || !fields || !isPageForm(form)) return messageAnswer(lang, "bad-form", 400);
    const callApi = (path: string, body: unknown) =>
      apiFetch(apiRequestFor(c.req.raw, shopOriginOf(c.req.raw), path, body), c.env);
    const answer: PageFormAnswer =
      verdict === "wrong-origin"
        ? refusedPageForm(form, fields)
        : await runPageForm(form, { fields, lang, callApi });
    if (answer.kind === "page") return render(c, route, answer.outcome, answer.status);
    const response = c.redirect(answer.location, 303);
    for (const cookie of answer.cookies) response.headers.append("set-cookie", cookie);
    return response;
  }

  return (
    new Hono()
      // The header's search as a plain form: GET /producto?texto=… goes where the script would.
      .get(paths.searchForm(), (c) => {
        const text = (c.req.query(SEARCH_FORM_FIELD.text) ?? "").trim().slice(0, 100);
        // Blank text never gets here from a browser that checks forms; from one that does not, home.
        return c.redirect(text ? paths.search(text) : paths.home(), 303);
      })
      .get("*", getPage)
      .post(
        "*",
        bodyLimit({ maxSize: 16 * 1024, onError: (c) => messageAnswer(pageLang(c), "too-large", 413) }),
        postForm,
      )
  );
}
