import { dehydrate } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
} from "react-router";
import type { RendererModule, RenderOptions } from "#shared/ssr-contract.ts";
import { serializeBootData } from "./app/boot-data.ts";
import { Document } from "./app/document.tsx";
import { AppProviders } from "./app/providers.tsx";
import { createRoutes } from "./app/routes.tsx";
import { setApiFetcher } from "./lib/api-client.ts";
import { createI18nStore } from "./lib/i18n/i18n-store.ts";
import es from "./lib/i18n/locales/es.json";
import pt from "./lib/i18n/locales/pt.json";
import { createQueryClient } from "./lib/query-client.ts";

/** Pages call the API in-process on the server: same requests as the browser, no network. */
export const createRenderer: RendererModule["createRenderer"] = (apiFetch) => {
  setApiFetcher((input, init) => apiFetch(new Request(new URL(input, "http://internal"), init)));
  return { renderPage };
};

async function renderPage({ request, lang, origin, assetsFor }: RenderOptions): Promise<Response> {
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createRoutes({ queryClient, getLang: () => lang }));
  const context = await handler.query(request);
  if (context instanceof Response) return context;

  const messages = lang === "pt" ? pt : es;
  const i18n = createI18nStore(lang, messages);
  const router = createStaticRouter(handler.dataRoutes, context);
  const pages = context.matches.flatMap((match) => {
    const page = (match.route.handle as { page?: string } | undefined)?.page;
    return page ? [page] : [];
  });
  const bootJson = serializeBootData({
    lang,
    origin,
    messages,
    queryState: dehydrate(queryClient),
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
    },
  });
  const html = renderToString(
    <Document lang={lang} assets={assetsFor(pages)} bootJson={bootJson}>
      <AppProviders queryClient={queryClient} i18n={i18n} site={{ origin }}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </Document>,
  );
  return new Response(`<!DOCTYPE html>${html}`, {
    status: context.statusCode,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}

/** React Router's own format, which createBrowserRouter turns back into error objects. */
function serializeErrors(errors: Record<string, unknown> | null) {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => {
      if (isRouteErrorResponse(error)) return [routeId, { ...error, __type: "RouteErrorResponse" }];
      if (error instanceof Error) return [routeId, { message: "Internal error", __type: "Error" }];
      return [routeId, error];
    }),
  );
}
