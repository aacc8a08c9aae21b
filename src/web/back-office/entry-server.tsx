import { dehydrate } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import type { BackOfficeModule } from "#shared/back-office-ssr-contract.ts";
import { createQueryClient, type Fetcher } from "#web/lib/query-client.ts";
import { BackOfficeApp } from "./app/back-office-app.tsx";
import { serializeBoot } from "./app/boot.ts";
import { Document } from "./app/document.tsx";
import { prefetchPage } from "./app/prefetch-page.ts";

/**
 * The back office's pages drawn on the server (built to dist/back-office/server). Its queries call
 * the API in-process with the page request's cookies, as the storefront's do.
 */
export const createBackOfficeRenderer: BackOfficeModule["createBackOfficeRenderer"] = (apiFetch) => ({
  async renderPage({ request, assets }) {
    const url = new URL(request.url);
    const queryClient = createQueryClient({ onServer: true, fetcher: fetcherFor(apiFetch, request) });
    const outcome = await prefetchPage(queryClient, url);
    if ("redirect" in outcome)
      return new Response(null, { status: 302, headers: { location: outcome.redirect } });
    const { prelude } = await prerender(
      <Document assets={assets} bootJson={serializeBoot(dehydrate(queryClient))}>
        <BackOfficeApp queryClient={queryClient} url={`${url.pathname}${url.search}`} />
      </Document>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return new Response(prelude, {
      status: outcome.status,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  },
});

function fetcherFor(apiFetch: (request: Request) => Promise<Response>, page: Request): Fetcher {
  const cookie = page.headers.get("cookie");
  return (input, init) => {
    const request = new Request(new URL(input, page.url), init);
    if (cookie) request.headers.set("cookie", cookie);
    return apiFetch(request);
  };
}
