import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { defaultLang, LANG_COOKIE, type Lang, parseLang } from "#shared/lang.ts";
import type { RendererModule } from "#shared/ssr-contract.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import type { Logger } from "../logger.ts";
import { loadBuildManifest } from "./build-manifest.ts";

export type PagesOptions = {
  distDir: string;
  origins: OriginPolicy;
  logger: Logger;
  /** The API, called in-process while rendering. */
  apiFetch: (request: Request) => Promise<Response>;
  /** Who is signed in, from the request's cookies. */
  sessionUser: (headers: Headers) => Promise<SessionUser | null>;
};

/** Every non-API GET: the page rendered on the server, ready to hydrate. */
export async function pagesRoutes({ distDir, origins, logger, apiFetch, sessionUser }: PagesOptions) {
  if (!existsSync(join(distDir, "server", "entry-server.js"))) {
    throw new Error(`No built site in ${distDir}: run "npm run build" (or "npm start", which builds).`);
  }
  const assetsFor = loadBuildManifest(join(distDir, "client"));
  const rendererUrl = pathToFileURL(join(distDir, "server", "entry-server.js")).href;
  const { createRenderer } = (await import(rendererUrl)) as RendererModule;
  const renderer = createRenderer(apiFetch);

  return new Hono().get("*", async (c) => {
    const cookieLang = getCookie(c, LANG_COOKIE);
    const lang = requestLang(c.req.query("lang"), cookieLang);
    try {
      const user = await sessionUser(c.req.raw.headers);
      const response = await renderer.renderPage({
        request: c.req.raw,
        lang,
        site: { origin: origins.publicOrigin, originFixed: origins.fixed },
        user,
        assetsFor,
      });
      // A signed-in shopper's page holds their name, cart and wish list: never for a shared cache.
      response.headers.set("cache-control", user ? "private, no-cache" : "no-cache");
      response.headers.set("vary", "Cookie");
      // A ?lang= link (hreflang) switches the shop's language for the following pages too.
      if (c.req.query("lang") && lang !== cookieLang) {
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
  });
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
