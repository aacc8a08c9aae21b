import {
  type DehydratedState,
  defaultShouldDehydrateQuery,
  dehydrate,
  type QueryClient,
} from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import type { SessionUser } from "#shared/api/account-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { holeIds, holeMarker } from "#shared/personal-holes.ts";
import type {
  RenderedPage,
  RendererModule,
  RenderOptions,
  ShopperOptions,
  ShopperParts,
  SiteInfo,
} from "#shared/ssr-contract.ts";
import { AppRoutes } from "./app/app-routes.tsx";
import { serializeBootData, timelessQueryState } from "./app/boot-data.ts";
import { Document } from "./app/document.tsx";
import type { PrefetchContext, PrefetchOutcome } from "./app/page-module.ts";
import { productIdsIn } from "./app/page-products.ts";
import { HoleTemplateProvider, holeContent } from "./app/personal-hole.tsx";
import { AppProviders } from "./app/providers.tsx";
import { isSharedPage, loadPage, type MatchedPage, matchPage, textPartsOf } from "./app/route-table.ts";
import { cartQuery } from "./features/cart/api/cart-calls.ts";
import { createCheckouts } from "./features/checkout/checkout-store.ts";
import { wishlistQuery } from "./features/wishlist/api/wishlist-calls.ts";
import { createI18nStore, loadMessages } from "./lib/i18n/i18n-store.ts";
import { createQueryClient, type Fetcher } from "./lib/query-client.ts";
import { createSessionStore } from "./lib/session/session-store.ts";

/**
 * Pages call the API in-process on the server: same requests as the browser, no network, and
 * with the shopper's cookies, so their own cart and wish list are in the HTML too. Each page
 * request gets its own fetcher, carried by its own query client.
 */
export const createRenderer: RendererModule["createRenderer"] = (apiFetch) => ({
  renderPage: (options) => renderPage(options, fetcherFor(apiFetch, options.request.headers.get("cookie"))),
  shopperParts: (options) =>
    shopperParts(options, fetcherFor(apiFetch, options.request.headers.get("cookie"))),
  // The server asks which route a path is before it looks for a kept page (decision 035).
  pageRoute: matchPage,
});

function fetcherFor(apiFetch: (request: Request) => Promise<Response>, cookie: string | null): Fetcher {
  return (input, init) => {
    const request = new Request(new URL(input, "http://internal"), init);
    if (cookie) request.headers.set("cookie", cookie);
    return apiFetch(request);
  };
}

async function renderPage(
  { request, lang, site, user, formOutcome = null, assetsFor, asTemplate = false }: RenderOptions,
  fetcher: Fetcher,
): Promise<RenderedPage> {
  const url = new URL(request.url);
  const queryClient = createQueryClient({ onServer: true, fetcher });
  const route = matchPage(url.pathname);
  // Spec §2: an unknown path goes to /.
  if (!route) return redirectTo("/");
  // A template is drawn as a visitor sees it: a shopper's own parts are its holes.
  const shopper = asTemplate ? null : user;
  const [outcome] = await Promise.all([
    // A guest's pages fetch their own data in the browser; only an account's are drawn with it.
    prefetchPage(route, {
      queryClient,
      lang,
      signedIn: shopper !== null && shopper.guest !== true,
      searchParams: url.searchParams,
    }),
    shopper ? prefetchShopperData(queryClient, lang) : undefined,
  ]);
  if ("redirect" in outcome) return redirectTo(outcome.redirect);

  const messages = await loadMessages(lang);
  // Without the moment of rendering, the same data makes the same bytes (the page cache keeps them).
  const queryState = dehydrateWhere(queryClient, (perUser) => !perUser);
  const bootJson = serializeBootData({ lang, site, formOutcome, queryState });
  const shopperBootJson = asTemplate
    ? holeMarker(holeIds.bootUser)
    : serializeBootData({ user: shopper, queryState: dehydrateWhere(queryClient, (perUser) => perUser) });
  const session = createSessionStore(shopper);
  const app = (
    <AppProviders
      queryClient={queryClient}
      i18n={createI18nStore(lang, messages)}
      session={session}
      checkouts={createCheckouts(session)}
      site={site}
      formOutcome={formOutcome}
      url={`${url.pathname}${url.search}`}
    >
      <AppRoutes />
    </AppProviders>
  );
  const { prelude } = await prerender(
    <Document
      lang={lang}
      assets={assetsFor([route.page], lang, textPartsOf(route.page))}
      bootJson={bootJson}
      shopperBootJson={shopperBootJson}
    >
      {asTemplate ? <HoleTemplateProvider>{app}</HoleTemplateProvider> : app}
    </Document>,
    // Never outline a finished page behind its fallback: crawlers and first paint get it inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // React writes the <!DOCTYPE html> itself when the root is <html>.
  const response = new Response(prelude, {
    status: outcome.status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
  return { response, productIds: productIdsIn(queryState), shared: isSharedPage(route.page) };
}

/**
 * A shopper's own parts of the shared pages (decision 020): their boot data, and each hole drawn
 * alone with their session, cart and wish list, as the browser will draw it in the page.
 */
async function shopperParts({ lang, site, user }: ShopperOptions, fetcher: Fetcher): Promise<ShopperParts> {
  const queryClient = createQueryClient({ onServer: true, fetcher });
  const [messages] = await Promise.all([
    loadMessages(lang),
    user ? prefetchShopperData(queryClient, lang) : undefined,
  ]);
  const queryState = dehydrateWhere(queryClient, (perUser) => perUser);
  const bootJson = serializeBootData({ user, queryState });
  const complete = queryClient
    .getQueryCache()
    .getAll()
    .every((query) => query.state.status === "success");
  const drawAlone = holeDrawer(queryClient, lang, site, user, messages);
  return {
    productIds: productIdsIn(queryState),
    complete,
    drawHoles: (ids) => ids.map((id) => (id === holeIds.bootUser ? bootJson : drawAlone(holeContent(id)))),
  };
}

function holeDrawer(
  queryClient: QueryClient,
  lang: Lang,
  site: SiteInfo,
  user: SessionUser | null,
  messages: Awaited<ReturnType<typeof loadMessages>>,
) {
  const i18n = createI18nStore(lang, messages);
  const session = createSessionStore(user);
  const checkouts = createCheckouts(session);
  return (content: ReactNode) =>
    renderToString(
      <AppProviders
        queryClient={queryClient}
        i18n={i18n}
        session={session}
        checkouts={checkouts}
        site={site}
        formOutcome={null}
        url="/"
      >
        {content}
      </AppProviders>,
    );
}

/** The client's successful queries, the shopper's own or the page's, without their fetch times. */
function dehydrateWhere(queryClient: QueryClient, keep: (perUser: boolean) => boolean): DehydratedState {
  return timelessQueryState(
    dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        keep(query.meta?.perUser === true) && defaultShouldDehydrateQuery(query),
    }),
  );
}

async function prefetchPage(
  route: MatchedPage,
  context: Omit<PrefetchContext, "params">,
): Promise<PrefetchOutcome> {
  const page = await loadPage(route.page);
  return page.prefetch ? page.prefetch({ ...context, params: route.params }) : { status: 200 };
}

/** What the shell shows a signed-in shopper on every page: the cart badge and the hearts. */
async function prefetchShopperData(queryClient: QueryClient, lang: Lang): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(cartQuery(lang)),
    queryClient.prefetchQuery(wishlistQuery(lang)),
  ]);
}

function redirectTo(location: string): RenderedPage {
  return {
    response: new Response(null, { status: 302, headers: { location } }),
    productIds: [],
    shared: false,
  };
}
