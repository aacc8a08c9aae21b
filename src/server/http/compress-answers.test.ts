import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressAnswers, GZIP_ON_MAIN_THREAD_BYTES } from "./compress-answers.ts";

const robots = (count: number) => ({
  items: Array.from({ length: count }, (_, index) => ({ id: index, name: `Robot ${index}` })),
});
const large = robots(200);
const huge = robots(3000);
const app = new Hono()
  .use(compressAnswers(1024))
  .get("/small", (c) => c.json({ ok: true }))
  .get("/large", (c) => c.json(large))
  .get("/huge", (c) => c.json(huge))
  .get("/page", (c) => {
    c.header("etag", '"v1"');
    c.header("vary", "Cookie, Accept-Encoding");
    return c.html(`<p>${"Gato robot ".repeat(300)}</p>`);
  })
  .get("/text", (c) => c.text("plano ".repeat(400)));

const gzipOk = { headers: { "accept-encoding": "gzip, deflate, br" } };

describe("compressAnswers", () => {
  it("sends a small JSON answer as it is, with its length", async () => {
    const response = await app.request("/small", gzipOk);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("content-length")).toBe(String('{"ok":true}'.length));
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("gzips a large JSON answer whole, with its length", async () => {
    const response = await app.request("/large", gzipOk);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(large);
  });

  it("gzips a body too large for the main thread just the same, on libuv's threads", async () => {
    expect(JSON.stringify(large).length).toBeLessThan(GZIP_ON_MAIN_THREAD_BYTES);
    expect(JSON.stringify(huge).length).toBeGreaterThan(GZIP_ON_MAIN_THREAD_BYTES);
    const response = await app.request("/huge", gzipOk);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(huge);
  });

  it("gzips a rendered page and weakens its ETag", async () => {
    const response = await app.request("/page", gzipOk);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("etag")).toBe('W/"v1"');
    expect(response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
    expect(html).toContain("Gato robot");
  });

  it("leaves everything as it is for a client that takes no gzip", async () => {
    const choices: Record<string, string>[] = [{}, { "accept-encoding": "gzip;q=0, identity" }];
    for (const headers of choices) {
      const response = await app.request("/large", { headers });
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(await response.json()).toEqual(large);
    }
  });

  it("still compresses other text through Hono's compressor", async () => {
    const response = await app.request("/text", gzipOk);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8")).toContain("plano");
  });
});
