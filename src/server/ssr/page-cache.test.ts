import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { holeMarker } from "#shared/personal-holes.ts";
import { deflatePiece } from "./gzip-splice.ts";
import {
  cachedPageAnswer,
  chooseEncoding,
  createPageCache,
  headerPairs,
  matchesEtag,
  type PageCache,
} from "./page-cache.ts";
import type { CachedPage, PageToCache } from "./page-compression.ts";
import { fillTemplate, splitTemplate } from "./page-template.ts";

const page = (html: string | Buffer, productIds: number[] = []): PageToCache => ({
  status: 200,
  html: Buffer.from(html),
  headers: { "content-type": "text/html; charset=utf-8" },
  productIds,
});

describe("page cache", () => {
  it("answers the first request with gzip made fast, then keeps Brotli and gzip 9 made in the background", async () => {
    const cache = createPageCache();
    const html = `<!DOCTYPE html><p>${"Gato robot ".repeat(500)}</p>`;
    const first = await cache.fill("es 2026 /", async () => page(html));
    expect(first.br).toBeUndefined();
    expect(gunzipSync(first.gzip.body).toString()).toBe(html);
    // A client that takes Brotli gets the gzip form meanwhile, saying so.
    const meanwhile = cachedPageAnswer(first, { acceptEncoding: "br, gzip", ifNoneMatch: undefined });
    expect(headersOf(meanwhile)["content-encoding"]).toBe("gzip");
    expect(gunzipSync(meanwhile.body ?? Buffer.alloc(0)).toString()).toBe(html);
    const strong = await strongFormsOf(cache, "es 2026 /");
    expect(brotliDecompressSync(strong.br.body).toString()).toBe(html);
    expect(strong.br.body.length).toBeLessThan(html.length / 10);
    expect(gunzipSync(strong.gzip.body).toString()).toBe(html);
    // One entity, whichever forms exist: the ETag stays.
    expect(strong.etag).toBe(first.etag);
    expect(cache.stats()).toMatchObject({ pages: 1, renders: 1, compressed: 1, compressionsDropped: 0 });
  });

  it("makes a catalogue page's gzip from its template's pieces and a visitor's parts, one compression for both", async () => {
    const cache = createPageCache();
    const template = splitTemplate(
      `<header>${holeMarker("cart-badge")}</header><main>${"Gato robot ".repeat(400)}</main>${holeMarker("boot-user")}`,
    );
    const visitorFills = ["", '{"user":null}'];
    const html = fillTemplate(template, visitorFills);
    const kept = await cache.fill("es 2026 /detalle/1", async () => ({
      ...page(html),
      template,
      visitorFills,
    }));
    expect(gunzipSync(kept.gzip.body).equals(html)).toBe(true);
    // A signed-in shopper's page is spliced from the same pieces.
    const shopper = ["<span>2</span>", '{"user":{"name":"Ana"}}'].map((fill) =>
      deflatePiece(Buffer.from(fill), 6),
    );
    const { template: pieces } = kept;
    if (!pieces) throw new Error("no template kept");
    expect(pieces.pieces).toHaveLength(3);
    const spliced = cache.splicedAnswer({ ...kept, template: pieces }, shopper, "gzip");
    expect(gunzipSync(spliced.body ?? Buffer.alloc(0)).toString()).toBe(
      fillTemplate(template, ["<span>2</span>", '{"user":{"name":"Ana"}}']).toString(),
    );
    // Its strong forms are of the whole page; the template's pieces stay as they were.
    const strong = await strongFormsOf(cache, "es 2026 /detalle/1");
    expect(brotliDecompressSync(strong.br.body).equals(html)).toBe(true);
    expect(gunzipSync(strong.gzip.body).equals(html)).toBe(true);
    expect(strong.template).toBe(pieces);
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

  it("drops the strong forms made for a page that a change dropped, or that was drawn again, meanwhile", async () => {
    const cache = createPageCache();
    const html = `<main>${"Peluche Miau ".repeat(300)}</main>`;
    // Its Brotli compression starts as the fill ends; the stock changes while it runs.
    await cache.fill("es 2026 /detalle/1", async () => page(html, [1]));
    cache.invalidateProducts([1]);
    await vi.waitFor(() => expect(cache.stats().compressionsDropped).toBe(1));
    expect(cache.get("es 2026 /detalle/1")).toBeUndefined();
    // Drawn again while the first drawing's Brotli is made: only the later page is kept, with its own.
    await cache.fill("es 2026 /detalle/1", async () => page(html, [1]));
    cache.invalidateProducts([1]);
    const again = await cache.fill("es 2026 /detalle/1", async () => page(html, [1]));
    const strong = await strongFormsOf(cache, "es 2026 /detalle/1");
    expect(strong).not.toBe(again);
    expect(strong.etag).toBe(again.etag);
    expect(cache.stats()).toMatchObject({ renders: 3, compressed: 1, compressionsDropped: 2 });
  });

  it("compresses in the background only while no page is being drawn, and one page at a time", async () => {
    const cache = createPageCache({ maxWaiting: 1 });
    let finish: (value: PageToCache) => void = () => undefined;
    const drawing = cache.fill("es 2026 /lento", () => new Promise((resolve) => (finish = resolve)));
    await cache.fill("es 2026 /a", async () => page("<p>a</p>".repeat(100)));
    // Past the one waiting page, /b waits until it is next sent.
    await cache.fill("es 2026 /b", async () => page("<p>b</p>".repeat(100)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.stats().compressed).toBe(0);
    finish(page("<p>lento</p>"));
    await drawing;
    await strongFormsOf(cache, "es 2026 /a");
    await strongFormsOf(cache, "es 2026 /lento");
    expect(cache.stats().compressed).toBe(2);
    await strongFormsOf(cache, "es 2026 /b");
    expect(cache.stats().compressed).toBe(3);
  });

  it("stays within its size, counting every form it keeps of a page, dropping the least recently used", async () => {
    const cache = createPageCache({ maxBytes: 60_000 });
    const keys = Array.from({ length: 10 }, (_, i) => `es 2026 /p/${i + 1}`);
    for (const key of keys) {
      // About 3 KB in each form: five or so pages fit.
      const html = `<header><template data-hole="cart-badge"></template></header>${randomBytes(3000).toString("base64")}`;
      const template = splitTemplate(html);
      await cache.fill(key, async () => ({
        ...page(html.replace(/<template[^>]*><\/template>/, "")),
        template,
      }));
    }
    const kept = () => keys.flatMap((key) => cache.get(key) ?? []);
    await vi.waitFor(() => expect(kept().every((strong) => strong.br)).toBe(true));
    const bytes = kept().reduce(
      (sum, { br, gzip, template }) =>
        sum + (br?.body.length ?? 0) + gzip.body.length + (template?.bytes ?? 0) + 2048,
      0,
    );
    expect(kept().every(({ template }) => (template?.bytes ?? 0) > 0)).toBe(true);
    expect(cache.stats().bytes).toBe(bytes);
    expect(cache.stats().bytes).toBeLessThanOrEqual(60_000);
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
    await cache.fill("es 2026 /", async () => page(html));
    const kept = await strongFormsOf(cache, "es 2026 /");
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

const headersOf = (answer: { head: readonly string[] }) => Object.fromEntries(headerPairs(answer.head));

/** The page once its strong forms are made (in the background, after its first answer). */
async function strongFormsOf(cache: PageCache, key: string) {
  return await vi.waitFor(() => {
    const kept = cache.get(key);
    if (!kept?.br) throw new Error(`${key}: no Brotli yet`);
    return kept as CachedPage & { br: NonNullable<CachedPage["br"]> };
  });
}
