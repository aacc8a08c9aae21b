import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaderValues } from "../app.ts";
import { keptSessionUser } from "../auth/session-cache.ts";
import { createLogger } from "../logger.ts";
import { shopperHotRoutes } from "../shopper/hot-routes.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { signUpShopper } from "../testing/test-users.ts";
import { apiFirst } from "./api-first.ts";
import { inlineSources } from "./content-security.ts";

/**
 * The hot path (decision 023) answers exactly as the app does: the same requests are sent to the
 * server's app alone and to the hot path in front of it (sharing its sessions, hub and database),
 * and their statuses, bodies and headers compared, every request twice so each sees the same state.
 */
let api: TestApi;
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

beforeAll(async () => {
  api = await createTestApi({ whole: true });
  const appListener = getRequestListener(api.fetch);
  const hotWrites = apiFirst({
    routes: shopperHotRoutes({ db: api.database.db, catalog: api.catalog, hub: api.hub }),
    shopperOf: (header) => keptSessionUser(api.sessionCache, header),
    publicOrigin: TEST_ORIGIN,
    commonHeaders: await securityHeaderValues(inlineSources(null), { stripe: false }),
    logger: createLogger({ LOG_LEVEL: "silent" }),
  });
  plain = createServer((request, response) => void appListener(request, response));
  hot = createServer((request, response) => {
    if (hotWrites(request, response)) taken++;
    else void appListener(request, response);
  });
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
function answerOf(base: string, { method, path, body, headers = {} }: Sent) {
  const sentHeaders = { cookie, origin: TEST_ORIGIN, "content-type": "application/json", ...headers };
  return new Promise<{ status: number; body: string; headers: Record<string, string> }>((resolve, reject) => {
    const call = request(`${base}${path}`, { method, headers: sentHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const gzipped = response.headers["content-encoding"] === "gzip";
        // A gzip stream's bytes (and so its length) may differ with the compressor's settings.
        const skipped = new Set(["date", "connection", "keep-alive", ...(gzipped ? ["content-length"] : [])]);
        resolve({
          status: response.statusCode ?? 0,
          body: (gzipped ? gunzipSync(raw) : raw).toString("utf8"),
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
  it("answers cart and wish-list writes as the app does, and takes them from the app", async () => {
    const sets = await same({ method: "PUT", path: "/api/cart/1?lang=es", body: '{"cantidad":2}' });
    expect(sets).toMatchObject({ status: 200, hot: true });
    expect(JSON.parse(sets.body)).toMatchObject({ totalQuantity: 2 });
    // POST adds a unit on each server: the answers differ by one, as two clicks would.
    const first = await answerOf(plainUrl, { method: "POST", path: "/api/cart/3", body: '{"cantidad":1}' });
    const second = await answerOf(hotUrl, { method: "POST", path: "/api/cart/3", body: '{"cantidad":1}' });
    expect(JSON.parse(first.body).totalQuantity + 1).toBe(JSON.parse(second.body).totalQuantity);
    expect(second.headers).toEqual(first.headers);
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
});
