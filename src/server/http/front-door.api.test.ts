import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { matchPage } from "#web/app/route-table.ts";
import { keptSessionUser } from "../auth/session-cache.ts";
import { createLogger } from "../logger.ts";
import { shopperHotRoutes } from "../shopper/hot-routes.ts";
import { cachedPagesFirst } from "../ssr/cached-pages-first.ts";
import { createPageCache, type PageCache, pageCacheKey } from "../ssr/page-cache.ts";
import { pagesRoutes } from "../ssr/pages.routes.ts";
import { sketchSite } from "../testing/sketch-renderer.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { signUpShopper } from "../testing/test-users.ts";
import { type AnswerPolicy, appMiddleware, createAnswerPolicy } from "./answer-policy.ts";
import { apiFirst } from "./api-first.ts";
import { inlineSources } from "./content-security.ts";
import { type FastPath, frontDoor } from "./front-door.ts";
import { createOriginPolicy } from "./origin-policy.ts";
import { NO_LIMITS } from "./rate-limit.ts";

/**
 * The front door's fast paths answer exactly as the app does (decisions 023 and 040): the same
 * requests are sent through the front door with the app alone behind it and with the fast paths
 * in front (sharing its sessions, hub, database and page cache), and their statuses, bodies and
 * headers compared, every request twice so each sees the same state.
 */
let api: TestApi;
let policy: AnswerPolicy;
let plain: Server;
let hot: Server;
let taken = 0;
let cookie = "";

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}
let plainUrl = "";
let hotUrl = "";

/** A fast path that counts the requests it takes. */
function counted(fastPath: FastPath): FastPath {
  return (request, response) => {
    const took = fastPath(request, response);
    if (took) taken++;
    return took;
  };
}

beforeAll(async () => {
  api = await createTestApi({ whole: true });
  const logger = createLogger({ LOG_LEVEL: "silent" });
  const origins = createOriginPolicy({ publicUrl: TEST_ORIGIN, port: 3000 });
  policy = await createAnswerPolicy({
    inline: inlineSources(null),
    thirdParties: { stripe: false },
    origins,
    logger,
  });
  const hotWrites = apiFirst({
    routes: shopperHotRoutes({ db: api.database.db, catalog: api.catalog, hub: api.hub }),
    shopperOf: (header) => keptSessionUser(api.sessionCache, header),
    policy,
  });
  plain = createServer(frontDoor({ fastPaths: [], app: api }));
  hot = createServer(frontDoor({ fastPaths: [counted(hotWrites)], app: api }));
  [plainUrl, hotUrl] = await Promise.all([listen(plain), listen(hot)]);
  cookie = await signUpShopper(api, "hot.path@example.com");
  // The session is confirmed once by the app, as the server's first request of a shopper is.
  expect((await fetch(`${plainUrl}/api/me`, { headers: { cookie } })).status).toBe(200);
});
afterAll(async () => {
  await Promise.all([plain, hot].map((server) => new Promise((resolve) => server.close(resolve))));
  await api.close();
});

type Sent = { method: string; path: string; body?: string; headers?: Record<string, string> };

/** What a server answers, as it sent it (Node's client, which leaves gzip as it came). */
function answerOf(base: string, sent: Sent) {
  const headers = { cookie, origin: TEST_ORIGIN, "content-type": "application/json", ...sent.headers };
  return rawAnswerOf(base, { ...sent, headers });
}

function rawAnswerOf(base: string, { method, path, body, headers: sentHeaders = {} }: Sent) {
  return new Promise<{ status: number; body: string; headers: Record<string, string> }>((resolve, reject) => {
    const call = request(`${base}${path}`, { method, headers: sentHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const gzipped = encoding === "gzip";
        // A gzip stream's bytes (and so its length) may differ with the compressor's settings; the
        // request id is each answer's own (issue 31), and every answer has one.
        if (!response.headers["x-request-id"]) reject(new Error(`${method} ${path}: no x-request-id`));
        const skipped = new Set([
          "date",
          "connection",
          "keep-alive",
          "x-request-id",
          ...(gzipped ? ["content-length"] : []),
        ]);
        const decoded = gzipped ? gunzipSync(raw) : encoding === "br" ? brotliDecompressSync(raw) : raw;
        resolve({
          status: response.statusCode ?? 0,
          body: decoded.toString("utf8"),
          headers: Object.fromEntries(
            Object.entries(response.headers).flatMap(([name, value]) =>
              skipped.has(name) || value === undefined ? [] : [[name, String(value)]],
            ),
          ),
        });
      });
    });
    call.on("error", reject);
    call.end(body);
  });
}

/** Sends a request to the app alone, then the same to the hot path: both must answer the same. */
async function same(sent: Sent) {
  const before = taken;
  const expected = await answerOf(plainUrl, sent);
  const actual = await answerOf(hotUrl, sent);
  expect(actual, `${sent.method} ${sent.path} ${sent.body ?? ""}`).toEqual(expected);
  return { ...actual, hot: taken > before };
}

describe("the hot path", () => {
  it("takes each declared write at a path the app mounts it at", async () => {
    const routes = shopperHotRoutes({ db: api.database.db, catalog: api.catalog, hub: api.hub });
    expect(routes.map(({ method }) => method).sort()).toEqual(["DELETE", "DELETE", "POST", "PUT", "PUT"]);
    for (const route of routes) {
      const mounted = api.routes.filter(
        ({ method, path }) => method === route.method && route.path.test(path.replace(/:\w+/g, "1")),
      );
      expect(new Set(mounted.map(({ path }) => path)).size, String(route.path)).toBe(1);
    }
  });

  it("answers cart and wish-list writes as the app does, and takes them from the app", async () => {
    const sets = await same({ method: "PUT", path: "/api/cart/1?lang=es", body: '{"cantidad":2}' });
    expect(sets).toMatchObject({ status: 200, hot: true });
    expect(JSON.parse(sets.body)).toMatchObject({ totalQuantity: 2 });
    // POST adds a unit on each server: the answers differ by one, as two clicks would.
    const first = await answerOf(plainUrl, { method: "POST", path: "/api/cart/3", body: '{"cantidad":1}' });
    const second = await answerOf(hotUrl, { method: "POST", path: "/api/cart/3", body: '{"cantidad":1}' });
    expect(JSON.parse(first.body).totalQuantity + 1).toBe(JSON.parse(second.body).totalQuantity);
    // Their bodies differ by a unit (and may differ in length: 695 and 1090 cents): each length is its own.
    const { "content-length": firstLength, ...firstHeaders } = first.headers;
    const { "content-length": secondLength, ...secondHeaders } = second.headers;
    expect(secondHeaders).toEqual(firstHeaders);
    expect(Number(firstLength)).toBe(Buffer.byteLength(first.body));
    expect(Number(secondLength)).toBe(Buffer.byteLength(second.body));
    expect(await same({ method: "PUT", path: "/api/cart/3?lang=pt", body: '{"cantidad":1}' })).toMatchObject({
      status: 200,
      hot: true,
    });
    expect(await same({ method: "PUT", path: "/api/wishlist/5" })).toMatchObject({ status: 200, hot: true });
    expect(await same({ method: "DELETE", path: "/api/wishlist/5?lang=pt" })).toMatchObject({ hot: true });
    expect(await same({ method: "DELETE", path: "/api/cart/3" })).toMatchObject({ status: 200, hot: true });
  });

  it("compresses a long answer for a client that takes gzip, as the app does", async () => {
    for (const id of [4, 5, 6, 7, 8, 9])
      await same({ method: "PUT", path: `/api/cart/${id}`, body: '{"cantidad":1}' });
    const gzipped = await same({
      method: "PUT",
      path: "/api/cart/10",
      body: '{"cantidad":1}',
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(gzipped).toMatchObject({ status: 200, hot: true });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    const refused = await same({
      method: "PUT",
      path: "/api/cart/10",
      body: '{"cantidad":1}',
      headers: { "accept-encoding": "gzip;q=0" },
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    const anything = await same({
      method: "PUT",
      path: "/api/cart/10",
      body: '{"cantidad":1}',
      headers: { "accept-encoding": "*" },
    });
    expect(anything).toMatchObject({ hot: true, headers: { "content-encoding": "gzip" } });
    // Deflate is streamed by the app's compressor: the app answers it.
    expect(
      await same({
        method: "PUT",
        path: "/api/cart/10",
        body: '{"cantidad":1}',
        headers: { "accept-encoding": "deflate" },
      }),
    ).toMatchObject({ hot: false, headers: { "content-encoding": "deflate" } });
  });

  it("refuses what the app refuses, with the same answer", async () => {
    const refusals: [Sent, number][] = [
      [{ method: "PUT", path: "/api/cart/1", body: '{"cantidad":' }, 400],
      [{ method: "PUT", path: "/api/cart/1", body: '{"cantidad":"x"}' }, 400],
      [{ method: "PUT", path: "/api/cart/1", body: '{"cantidad":0}' }, 400],
      [{ method: "POST", path: "/api/cart/1", body: "[]" }, 400],
      [{ method: "PUT", path: "/api/cart/1", body: '{"cantidad":1000}' }, 400],
      [{ method: "PUT", path: "/api/cart/99999", body: '{"cantidad":1}' }, 404],
      [{ method: "PUT", path: "/api/wishlist/99999" }, 404],
      // More than the stock.
      [{ method: "PUT", path: "/api/cart/1", body: '{"cantidad":999}' }, 409],
      // A card number, anywhere in the body (issue 27).
      [{ method: "PUT", path: "/api/cart/1", body: '{"cantidad":1,"nota":"4242 4242 4242 4242"}' }, 400],
      [{ method: "POST", path: "/api/cart/1", body: '{"4242424242424242":1}' }, 400],
    ];
    for (const [sent, status] of refusals) expect(await same(sent)).toMatchObject({ status, hot: true });
  });

  it("leaves to the app what only the app can answer", async () => {
    const left: Sent[] = [
      { method: "PUT", path: "/api/cart/1?lang=xx", body: '{"cantidad":1}' },
      { method: "PUT", path: "/api/cart/1?lang=es&lang=pt", body: '{"cantidad":1}' },
      { method: "PUT", path: "/api/cart/abc", body: '{"cantidad":1}' },
      { method: "PUT", path: "/api/cart/0", body: '{"cantidad":1}' },
      { method: "PUT", path: "/api/cart/1/", body: '{"cantidad":1}' },
      {
        method: "PUT",
        path: "/api/cart/1",
        body: '{"cantidad":1}',
        headers: { "content-type": "text/plain" },
      },
      {
        method: "PUT",
        path: "/api/cart/1",
        body: '{"cantidad":1}',
        headers: { origin: "https://evil.example" },
      },
      { method: "PUT", path: "/api/cart/1", body: '{"cantidad":1}', headers: { cookie: "" } },
      {
        method: "PUT",
        path: "/api/cart/1",
        body: '{"cantidad":1}',
        headers: { cookie: "better-auth.session_token=not-a-session" },
      },
      { method: "PATCH", path: "/api/cart/1", body: '{"cantidad":1}' },
    ];
    for (const sent of left) expect(await same(sent)).toMatchObject({ hot: false });
  });

  it("answers through the app, the same, what it leaves: bad input, refusals, other encodings", async () => {
    const tooLarge = JSON.stringify({ cantidad: 1, nota: "x".repeat(70 * 1024) });
    const sent: Sent[] = [
      { method: "PUT", path: "/api/cart/1", body: tooLarge },
      { method: "PUT", path: "/api/cart/1", body: "" },
      {
        method: "PUT",
        path: "/api/cart/1",
        body: '{"cantidad":1}',
        headers: { "transfer-encoding": "chunked" },
      },
      { method: "PUT", path: "/api/cart/%31", body: '{"cantidad":1}' },
      { method: "PUT", path: "/api/cart/99999999999", body: '{"cantidad":1}' },
      { method: "PUT", path: "/api/cart/1", body: '{"cantidad":1}', headers: { origin: "null" } },
      {
        method: "PUT",
        path: "/api/cart/1",
        body: '{"cantidad":1}',
        headers: { origin: "http://127.0.0.1:3000" },
      },
      { method: "DELETE", path: "/api/cart/1", headers: { cookie: "" } },
      { method: "PUT", path: "/api/wishlist/1", headers: { cookie: "", origin: "https://evil.example" } },
      { method: "GET", path: "/api/cart" },
    ];
    for (const request of sent) expect(await same(request)).toMatchObject({ hot: false });
    expect((await same({ method: "PUT", path: "/api/cart/1", body: tooLarge })).status).toBe(413);
    // An id spelt otherwise that the schema still reads (either door may take it): the same line.
    expect(await same({ method: "PUT", path: "/api/cart/1e0", body: '{"cantidad":1}' })).toMatchObject({
      status: 200,
    });
    expect((await same({ method: "DELETE", path: "/api/cart/1", headers: { cookie: "" } })).status).toBe(401);
  });
});

describe("the kept pages", () => {
  let pagesPlain: Server;
  let pagesFront: Server;
  const urls = { plain: "", front: "" };
  let pageCache: PageCache;
  /** A kept page's Brotli form follows its first answer (decision 056): both doors send it once made. */
  const brotliMade = (path: string) =>
    vi.waitFor(() => {
      const page = pageCache.get(pageCacheKey("es", path, new Date().getFullYear()));
      if (page && !page.br) throw new Error(`${path}: no Brotli yet`);
    });

  beforeAll(async () => {
    pageCache = createPageCache({ commonHeaders: policy.headers });
    const pages = await pagesRoutes({
      distDir: "",
      site: sketchSite(matchPage),
      origins: policy.origins,
      testMode: true,
      logger: policy.logger,
      apiFetch: (request) => api.fetch(request),
      sessionUser: async () => null,
      pageCache,
      limits: NO_LIMITS,
      renderLimit: null,
    });
    // The pages as the server's app has them: behind the answer policy's middleware.
    const app = new Hono();
    app.use(...appMiddleware(policy));
    app.route("/", pages);
    const kept = cachedPagesFirst({ cache: pageCache, shopperOf: () => null });
    pagesPlain = createServer(frontDoor({ fastPaths: [], app }));
    pagesFront = createServer(frontDoor({ fastPaths: [counted(kept)], app }));
    [urls.plain, urls.front] = await Promise.all([listen(pagesPlain), listen(pagesFront)]);
  });
  afterAll(async () => {
    await Promise.all(
      [pagesPlain, pagesFront].map((server) => new Promise((resolve) => server.close(resolve))),
    );
  });

  it("sends a kept page as the app sends it from the cache", async () => {
    for (const path of ["/detalle/1", "/categoria/Peluches?page=2", "/", "/no-existe"]) {
      // The first request draws the page and keeps it; the next are sent from the cache.
      await rawAnswerOf(urls.plain, { method: "GET", path });
      await brotliMade(path);
      const encodings: Record<string, string>[] = [
        {},
        { "accept-encoding": "gzip" },
        { "accept-encoding": "br, gzip" },
      ];
      for (const headers of encodings) {
        const expected = await rawAnswerOf(urls.plain, { method: "GET", path, headers });
        const before = taken;
        const actual = await rawAnswerOf(urls.front, { method: "GET", path, headers });
        expect(actual, `${path} ${JSON.stringify(headers)}`).toEqual(expected);
        if (expected.status === 200) expect(taken, path).toBe(before + 1);
      }
    }
  });

  it("answers a matching ETag with 304, as the app does", async () => {
    const first = await rawAnswerOf(urls.plain, { method: "GET", path: "/detalle/2" });
    const headers = { "if-none-match": first.headers.etag ?? "" };
    const expected = await rawAnswerOf(urls.plain, { method: "GET", path: "/detalle/2", headers });
    const actual = await rawAnswerOf(urls.front, { method: "GET", path: "/detalle/2", headers });
    expect(expected.status).toBe(304);
    expect(actual).toEqual(expected);
  });
});
