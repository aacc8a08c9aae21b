import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { BackOfficeAssets } from "#shared/back-office-ssr-contract.ts";
import { createLogger } from "../logger.ts";
import { memoryLimits } from "../testing/memory-limits.ts";
import { type BuiltBackOffice, backOfficePages, loadBuiltBackOffice } from "./back-office-pages.ts";

const logger = createLogger({ LOG_LEVEL: "silent" });
const assets: BackOfficeAssets = {
  entry: "/gestion/assets/entry.js",
  stylesheets: ["/gestion/assets/style.css"],
};
const dist = mkdtempSync(join(tmpdir(), "back-office-"));
const clientDir = join(dist, "back-office", "client");
mkdirSync(join(clientDir, "assets"), { recursive: true });
writeFileSync(join(clientDir, "assets", "entry.js"), "console.log('gestión')");
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** A renderer that writes what it was asked, as the built one answers (or fails, or redirects). */
function sketch(draw?: (request: Request) => Response): BuiltBackOffice {
  return {
    createBackOfficeRenderer: (apiFetch) => ({
      renderPage: async ({ request, assets: given }) => {
        if (draw) return draw(request);
        const me = await apiFetch(new Request("http://internal/api/gestion/me"));
        return new Response(`<p>${new URL(request.url).pathname} ${given.entry} ${me.status}</p>`, {
          headers: { "content-type": "text/html; charset=utf-8" },
        });
      },
    }),
    assets,
    clientDir,
  };
}

async function shopWith(
  site: BuiltBackOffice | undefined,
  renderLimit: { limit: number; windowMs: number } | null = null,
) {
  const app = new Hono();
  const apiFetch = async () => new Response("{}", { status: 401 });
  app.route(
    "/gestion",
    await backOfficePages({
      distDir: dist,
      apiFetch,
      logger,
      limits: memoryLimits(),
      renderLimit,
      ...(site ? { site } : {}),
    }),
  );
  // The storefront's pages, mounted after it, take whatever the back office does not.
  app.get("*", (c) => c.text("storefront"));
  return app;
}

describe("the back office's pages (issue 30)", () => {
  it("draws /gestion and its pages with the API, kept by no cache and by no search engine", async () => {
    const app = await shopWith(sketch());
    for (const path of ["/gestion", "/gestion/entrar"]) {
      const answer = await app.request(path);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(`<p>${path} /gestion/assets/entry.js 401</p>`);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
    expect(await (await app.request("/gestionar")).text()).toBe("storefront");
  });

  it("passes the renderer's redirects on, and sends a form posted without the script back to its page", async () => {
    const app = await shopWith(
      sketch(() => new Response(null, { status: 302, headers: { location: "/gestion/entrar" } })),
    );
    const redirected = await app.request("/gestion");
    expect([redirected.status, redirected.headers.get("location")]).toEqual([302, "/gestion/entrar"]);
    expect(redirected.headers.get("cache-control")).toBe("private, no-store");
    const posted = await app.request("/gestion/entrar?x=1", { method: "POST", body: "password=secret" });
    expect([posted.status, posted.headers.get("location")]).toEqual([303, "/gestion/entrar?x=1"]);
  });

  it("serves its built files for a year, and a missing one as a plain 404, never a page", async () => {
    const app = await shopWith(sketch());
    const script = await app.request("/gestion/assets/entry.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const missing = await app.request("/gestion/assets/old.js");
    expect([missing.status, await missing.text()]).toEqual([404, "Not found"]);
  });

  it("answers a failed page with the shop's message, and past the address's limit with 429", async () => {
    const failing = await shopWith(
      sketch(() => {
        throw new Error("boom");
      }),
    );
    const failed = await failing.request("/gestion");
    expect(failed.status).toBe(500);
    expect(await failed.text()).toContain("No hemos podido mostrar esta página");
    const limited = await shopWith(sketch(), { limit: 1, windowMs: 60_000 });
    expect((await limited.request("/gestion")).status).toBe(200);
    const refused = await limited.request("/gestion");
    expect([refused.status, refused.headers.get("retry-after")]).toEqual([429, "60"]);
  });

  it("answers 503 while dist/ holds no back office, the storefront's pages unchanged", async () => {
    expect(await loadBuiltBackOffice(join(dist, "back-office"))).toBeUndefined();
    const app = await shopWith(undefined);
    expect((await app.request("/gestion/entrar")).status).toBe(503);
    expect(await (await app.request("/")).text()).toBe("storefront");
  });
});
