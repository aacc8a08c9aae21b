import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holeMarker } from "#shared/personal-holes.ts";
import { createSessionCache, keptSessionUser } from "../auth/session-cache.ts";
import { cachedPagesFirst } from "./cached-pages-first.ts";
import { createPageCache, pageCacheKey } from "./page-cache.ts";
import { splitTemplate } from "./page-template.ts";
import { createShopperCache } from "./shopper-cache.ts";

const cache = createPageCache({ commonHeaders: { "x-content-type-options": "nosniff" } });
const sessions = createSessionCache();
const shoppers = createShopperCache();
const ana = { id: "u1", email: "ana@example.com", name: "Ana", lastName: "Gato" };
const kept = (html: string) => async () => ({
  status: 200,
  html: Buffer.from(html),
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
  productIds: [],
});
let server: Server;
let base = "";
const year = new Date().getFullYear();

beforeAll(async () => {
  await cache.fill(pageCacheKey("es", "/detalle/1", year), kept("<p>Gato robot</p>"));
  await cache.fill(pageCacheKey("pt", "/detalle/1", year), kept("<p>Gato robô</p>"));
  // A catalogue page with its badge hole, and Ana's session and parts kept in memory.
  const template = splitTemplate(`<header>Cesta${holeMarker("cart-badge")}</header><p>Peluche</p>`);
  await cache.fill(pageCacheKey("es", "/detalle/2", year), async () => ({
    ...(await kept("<header>Cesta</header><p>Peluche</p>")()),
    template,
  }));
  await sessions.read("ana-token", async () => ({ user: ana, expiresAt: new Date(Date.now() + 3_600_000) }));
  await shoppers.fillsOf(ana, "es", async () => ({
    productIds: [],
    complete: true,
    drawHoles: (ids) => ids.map(() => "<span>3</span>"),
  }));
  const first = cachedPagesFirst({
    cache,
    shopperOf: (cookie) => keptSessionUser(sessions, cookie),
    shoppers,
  });
  server = createServer((request, response) => {
    if (!first(request, response)) response.end("the app");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("cached pages first", () => {
  it("sends a visitor's kept page from its bytes, with the app's common headers", async () => {
    const response = await fetch(`${base}/detalle/1`);
    expect(await response.text()).toBe("<p>Gato robot</p>");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("etag")).toMatch(/^W\/"/);
  });

  it("picks the page of the language cookie", async () => {
    const response = await fetch(`${base}/detalle/1`, { headers: { cookie: "x=1; lang=pt" } });
    expect(await response.text()).toBe("<p>Gato robô</p>");
  });

  it("answers HEAD without a body and a matching ETag with 304", async () => {
    const head = await fetch(`${base}/detalle/1`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const etag = head.headers.get("etag") ?? "";
    expect((await fetch(`${base}/detalle/1`, { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("sends a signed-in shopper a kept catalogue page with their own parts spliced in", async () => {
    const response = await fetch(`${base}/detalle/2`, {
      headers: { cookie: "lang=es; better-auth.session_token=ana-token" },
    });
    expect(await response.text()).toBe("<header>Cesta<span>3</span></header><p>Peluche</p>");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("etag")).toBeNull();
    expect(cache.stats().spliced).toBe(1);
  });

  it("leaves to the app whatever it does not keep: a session, a ?lang= link, a write, another page", async () => {
    const app = async (path: string, init?: RequestInit) => (await fetch(`${base}${path}`, init)).text();
    const session = { cookie: "lang=es; __Secure-better-auth.session_token=abc.def" };
    expect(await app("/detalle/1", { headers: session })).toBe("the app");
    // Ana's session is kept, but /detalle/1 was kept without holes, and her Portuguese parts are not.
    const ana = (lang: string) => ({ cookie: `lang=${lang}; better-auth.session_token=ana-token` });
    expect(await app("/detalle/1", { headers: ana("es") })).toBe("the app");
    expect(await app("/detalle/1", { headers: ana("pt") })).toBe("the app");
    expect(await app("/detalle/1?lang=pt")).toBe("the app");
    expect(await app("/detalle/1", { method: "POST", body: "x" })).toBe("the app");
    expect(await app("/detalle/3")).toBe("the app");
    expect(await app("/api/home")).toBe("the app");
  });
});
