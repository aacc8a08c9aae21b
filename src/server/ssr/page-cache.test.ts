import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  cachedPageAnswer,
  chooseEncoding,
  createPageCache,
  headerPairs,
  matchesEtag,
  type PageToCache,
} from "./page-cache.ts";

const page = (html: string, productIds: number[] = []): PageToCache => ({
  status: 200,
  html: Buffer.from(html),
  headers: { "content-type": "text/html; charset=utf-8" },
  productIds,
});

describe("page cache", () => {
  it("keeps a page compressed both ways, each decompressing to the rendered bytes", async () => {
    const cache = createPageCache();
    const html = `<!DOCTYPE html><p>${"Gato robot ".repeat(500)}</p>`;
    const kept = await cache.fill("es 2026 /", async () => page(html));
    expect(cache.get("es 2026 /")).toBe(kept);
    expect(brotliDecompressSync(kept.br.body).toString()).toBe(html);
    expect(gunzipSync(kept.gzip.body).toString()).toBe(html);
    expect(kept.br.body.length).toBeLessThan(html.length / 10);
  });

  it("renders once for every concurrent request of the same page", async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page("<p>una vez</p>");
    };
    const pages = await Promise.all(Array.from({ length: 10 }, () => cache.fill("es 2026 /", render)));
    expect(renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
    expect(cache.stats()).toMatchObject({ pages: 1, renders: 1 });
  });

  it("drops exactly the pages that show a product whose stock changed", async () => {
    const cache = createPageCache();
    await cache.fill("es 2026 /detalle/1", async () => page("uno", [1, 2]));
    await cache.fill("pt 2026 /detalle/1", async () => page("um", [1, 2]));
    await cache.fill("es 2026 /detalle/3", async () => page("tres", [3]));
    await cache.fill("es 2026 /footer/envios", async () => page("envíos"));
    cache.invalidateProducts([2]);
    expect(cache.get("es 2026 /detalle/1")).toBeUndefined();
    expect(cache.get("pt 2026 /detalle/1")).toBeUndefined();
    expect(cache.get("es 2026 /detalle/3")).toBeDefined();
    expect(cache.get("es 2026 /footer/envios")).toBeDefined();
  });

  it("does not keep a page whose render started before a change it may not show", async () => {
    const cache = createPageCache();
    let finish: (value: PageToCache) => void = () => undefined;
    const filling = cache.fill("es 2026 /detalle/1", () => new Promise((resolve) => (finish = resolve)));
    cache.invalidateProducts([1]);
    finish(page("antes del cambio", [1]));
    expect(await filling).not.toBeNull();
    expect(cache.get("es 2026 /detalle/1")).toBeUndefined();
  });

  it("stays within its size, dropping the least recently used pages", async () => {
    const cache = createPageCache({ maxBytes: 20_000 });
    const noise = (seed: number) =>
      Array.from({ length: 4000 }, (_, i) => ((i * seed) % 97).toString(36)).join("");
    for (let i = 1; i <= 10; i += 1) await cache.fill(`es 2026 /p/${i}`, async () => page(noise(i + 7)));
    expect(cache.stats().bytes).toBeLessThanOrEqual(20_000);
    expect(cache.stats().pages).toBeLessThan(10);
    expect(cache.get("es 2026 /p/10")).toBeDefined();
  });

  it("clears everything when changes may have been missed", async () => {
    const cache = createPageCache();
    await cache.fill("es 2026 /", async () => page("inicio", [1]));
    cache.clear();
    expect(cache.stats().pages).toBe(0);
  });
});

describe("a cached page's answer", () => {
  it("sends Brotli, gzip or plain text as the client accepts, and 304 for its ETag", async () => {
    const cache = createPageCache({ commonHeaders: { "x-content-type-options": "nosniff" } });
    const html = "<p>hola</p>".repeat(50);
    const kept = await cache.fill("es 2026 /", async () => page(html));
    const headersOf = (answer: { head: readonly string[] }) => Object.fromEntries(headerPairs(answer.head));
    const br = cachedPageAnswer(kept, { acceptEncoding: "gzip, deflate, br, zstd", ifNoneMatch: undefined });
    expect(br.status).toBe(200);
    expect(headersOf(br)).toMatchObject({
      "content-encoding": "br",
      "content-length": String(kept.br.body.length),
      "content-type": "text/html; charset=utf-8",
      "x-content-type-options": "nosniff",
      etag: kept.etag,
    });
    const gz = cachedPageAnswer(kept, { acceptEncoding: "gzip", ifNoneMatch: null });
    expect(headersOf(gz)["content-encoding"]).toBe("gzip");
    const plain = cachedPageAnswer(kept, { acceptEncoding: undefined, ifNoneMatch: undefined });
    expect(headersOf(plain)["content-encoding"]).toBeUndefined();
    expect(headersOf(plain)["content-length"]).toBe(String(Buffer.byteLength(html)));
    expect(plain.body?.toString()).toBe(html);
    const notModified = cachedPageAnswer(kept, { acceptEncoding: "br", ifNoneMatch: `"x", ${kept.etag}` });
    expect(notModified).toMatchObject({ status: 304, body: null });
    expect(headersOf(notModified).etag).toBe(kept.etag);
  });

  it("reads Accept-Encoding and If-None-Match as browsers write them", () => {
    expect(chooseEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding("BR")).toBe("br");
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', 'W/"abc"')).toBe(false);
  });
});
