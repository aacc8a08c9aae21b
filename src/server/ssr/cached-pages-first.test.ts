import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayHaveSession } from "../auth/session-cache.ts";
import { cachedPagesFirst } from "./cached-pages-first.ts";
import { createPageCache, pageCacheKey } from "./page-cache.ts";

const cache = createPageCache({ commonHeaders: { "x-content-type-options": "nosniff" } });
let server: Server;
let base = "";
const year = new Date().getFullYear();

beforeAll(async () => {
  const kept = (html: string) => async () => ({
    status: 200,
    html: Buffer.from(html),
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
    productIds: [],
  });
  await cache.fill(pageCacheKey("es", "/detalle/1", year), kept("<p>Gato robot</p>"));
  await cache.fill(pageCacheKey("pt", "/detalle/1", year), kept("<p>Gato robô</p>"));
  const first = cachedPagesFirst({ cache, mayBeSignedIn: mayHaveSession });
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

  it("leaves to the app whatever it does not keep: a session, a ?lang= link, a write, another page", async () => {
    const app = async (path: string, init?: RequestInit) => (await fetch(`${base}${path}`, init)).text();
    const session = { cookie: "lang=es; __Secure-better-auth.session_token=abc.def" };
    expect(await app("/detalle/1", { headers: session })).toBe("the app");
    expect(await app("/detalle/1?lang=pt")).toBe("the app");
    expect(await app("/detalle/1", { method: "POST", body: "x" })).toBe("the app");
    expect(await app("/detalle/2")).toBe("the app");
    expect(await app("/api/home")).toBe("the app");
  });
});
