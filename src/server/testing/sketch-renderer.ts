import type { PageRoute, RenderedPage } from "#shared/ssr-contract.ts";
import { escapeHtml } from "../mail/html.ts";
import type { BuiltSite } from "../ssr/built-site.ts";

/**
 * A stand-in for the built renderer, for tests that run without `npm run build`: it matches paths
 * with the route table it is given (the web app's own, in the tests) and draws each page as a line
 * naming its address and any form outcome, as the real one answers an unknown path with a 302.
 */
export function sketchSite(pageRoute: (pathname: string) => PageRoute | undefined): BuiltSite {
  return {
    assetsFor: () => ({ entry: "/entry.js", inlineStyle: "", preloads: [] }),
    createRenderer: () => ({
      pageRoute,
      renderPage: async ({ request, lang, formOutcome }) => {
        const url = new URL(request.url);
        if (!pageRoute(url.pathname)) return redirectHome();
        const outcome = formOutcome ? `<pre>${escapeHtml(JSON.stringify(formOutcome))}</pre>` : "";
        const html = `<!DOCTYPE html><html lang="${lang}"><p>${escapeHtml(url.pathname + url.search)}</p>${outcome}</html>`;
        const headers = { "content-type": "text/html; charset=utf-8" };
        return { response: new Response(html, { headers }), productIds: [], shared: false };
      },
      shopperParts: async () => ({ productIds: [], complete: true, drawHoles: (ids) => ids.map(() => "") }),
    }),
  };
}

function redirectHome(): RenderedPage {
  const response = new Response(null, { status: 302, headers: { location: "/" } });
  return { response, productIds: [], shared: false };
}
