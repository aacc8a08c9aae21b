import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { Lang } from "#shared/lang.ts";
import type { RenderedPage, RendererModule, RenderOptions } from "#shared/ssr-contract.ts";
import { AppRoutes } from "./app/app-routes.tsx";
import { serializeBootData, timelessQueryState } from "./app/boot-data.ts";
import { Document } from "./app/document.tsx";
import type { PrefetchContext, PrefetchOutcome } from "./app/page-module.ts";
import { productIdsIn } from "./app/page-products.ts";
import { AppProviders } from "./app/providers.tsx";
import { loadPage, type MatchedPage, matchPage } from "./app/route-table.ts";
import { cartQuery } from "./features/cart/api/cart-calls.ts";
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
});

function fetcherFor(apiFetch: (request: Request) => Promise<Response>, cookie: string | null): Fetcher {
  return (input, init) => {
    const request = new Request(new URL(input, "http://internal"), init);
    if (cookie) request.headers.set("cookie", cookie);
    return apiFetch(request);
  };
}

async function renderPage(
  { request, lang, site, user, formOutcome = null, assetsFor }: RenderOptions,
  fetcher: Fetcher,
): Promise<RenderedPage> {
  const url = new URL(request.url);
  const queryClient = createQueryClient({ onServer: true, fetcher });
  const route = matchPage(url.pathname);
  // Spec §2: an unknown path goes to /.
  if (!route) return redirectTo("/");
  const [outcome] = await Promise.all([
    prefetchPage(route, { queryClient, lang, signedIn: user !== null, searchParams: url.searchParams }),
    user ? prefetchShopperData(queryClient, lang) : undefined,
  ]);
  if ("redirect" in outcome) return redirectTo(outcome.redirect);

  const messages = await loadMessages(lang);
  // Without the moment of rendering, the same data makes the same bytes (the page cache keeps them).
  const queryState = timelessQueryState(dehydrate(queryClient));
  const bootJson = serializeBootData({ lang, site, messages, user, formOutcome, queryState });
  const { prelude } = await prerender(
    <Document lang={lang} assets={assetsFor([route.page])} bootJson={bootJson}>
      <AppProviders
        queryClient={queryClient}
        i18n={createI18nStore(lang, messages)}
        session={createSessionStore(user)}
        site={site}
        formOutcome={formOutcome}
      >
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </Document>,
    // Never outline a finished page behind its fallback: crawlers and first paint get it inline.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // React writes the <!DOCTYPE html> itself when the root is <html>.
  const response = new Response(prelude, {
    status: outcome.status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
  return { response, productIds: productIdsIn(queryState) };
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
  return { response: new Response(null, { status: 302, headers: { location } }), productIds: [] };
}
