import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gunzipSync, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { Piece } from "./gzip-splice.ts";
import {
  compressTemplate,
  type PageTemplate,
  splicedGzip,
  splicedPlain,
  type TemplateText,
} from "./page-template.ts";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type Encoding = "br" | "gzip" | "identity";

/** One way of sending a kept page: its body and its whole header block, ready to write. */
type Variant = {
  body: Buffer<ArrayBuffer>;
  /** Name, value, name, value… as Node's `writeHead` takes them (no per-request copying). */
  head: readonly string[];
};

/** A rendered page kept as the bytes it is sent as: compressed once, never per request. */
export type CachedPage = {
  status: number;
  /** Weak: the same page in Brotli, gzip or plain text is one entity. */
  etag: string;
  br: Variant;
  gzip: Variant;
  /** Headers of a 304 (no body). */
  notModifiedHead: readonly string[];
  /** The products whose stock or data the page shows: a change to any of them drops it. */
  productIds: ReadonlySet<number>;
  /** A catalogue page: the page every shopper shares, their own parts left as holes (decision 020). */
  template?: PageTemplate;
};

export type PageCacheStats = {
  pages: number;
  bytes: number;
  maxBytes: number;
  /** Pages sent from the cache. */
  hits: number;
  /** Pages drawn for it (each kept unless a change came in meanwhile). */
  renders: number;
  /** Catalogue pages sent to signed-in shoppers, their own parts spliced in (decision 020). */
  spliced: number;
};

export type PageCache = {
  get(key: string): CachedPage | undefined;
  /**
   * Renders the page once for every concurrent request of the same key, compresses it and keeps
   * it, unless a change reached the cache while it was being rendered (the render may predate it).
   */
  fill(key: string, render: () => Promise<PageToCache>): Promise<CachedPage>;
  /** Drops every page that shows one of these products (their stock changed). */
  invalidateProducts(productIds: Iterable<number>): void;
  /** Drops everything (the catalogue changed, or changes may have been missed). */
  clear(): void;
  stats(): PageCacheStats;
  /**
   * A catalogue page for one signed-in shopper: its kept pieces around their own (one fill per
   * hole), as one gzip body (or plain for a client that takes no gzip), never to be shared.
   */
  splicedAnswer(
    page: CachedPage & { template: PageTemplate },
    fills: readonly Piece[],
    acceptEncoding: string | null | undefined,
  ): CachedAnswer;
};

/** What a render hands the cache: the HTML and what it depends on. */
export type PageToCache = {
  status: number;
  html: Buffer<ArrayBuffer>;
  /** The page's own headers (type, caching, vary, location). */
  headers: Record<string, string>;
  productIds: readonly number[];
  /** For a page signed-in shoppers share: the page with its holes, cut at them. */
  template?: TemplateText;
};

export type PageCacheOptions = {
  /** The bytes kept at most (compressed pages); the least recently sent go first. */
  maxBytes?: number;
  /** Headers every answer of the shop carries (the security policy…), kept in each page's head. */
  commonHeaders?: Readonly<Record<string, string>>;
};

/** The 480 ES and PT pages of the sitemap take about 13 MB (BENCHMARKS.md). */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export function createPageCache({
  maxBytes = PAGE_CACHE_MAX_BYTES,
  commonHeaders = {},
}: PageCacheOptions = {}): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) =>
      page.br.body.length + page.gzip.body.length + (page.template?.bytes ?? 0) + 2048,
  });
  const inFlight = new Map<string, Promise<CachedPage>>();
  const personalHead = Object.entries({
    ...commonHeaders,
    "content-type": "text/html; charset=utf-8",
    "cache-control": "private, no-cache",
    vary: "Cookie, Accept-Encoding",
  }).flat();
  /** Raised by every invalidation: a render that started before one is not kept. */
  let generation = 0;
  const counters = { hits: 0, renders: 0, spliced: 0 };

  async function renderAndKeep(key: string, render: () => Promise<PageToCache>) {
    const startedAt = generation;
    const rendered = await render();
    counters.renders += 1;
    const page = await compressPage(rendered, commonHeaders);
    if (generation === startedAt) pages.set(key, page);
    return page;
  }

  return {
    get(key) {
      const page = pages.get(key);
      if (page) counters.hits += 1;
      return page;
    },
    fill(key, render) {
      const running = inFlight.get(key);
      if (running) return running;
      const started = renderAndKeep(key, render).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
    invalidateProducts(productIds) {
      generation += 1;
      const changed = [...productIds];
      for (const [key, page] of pages.entries()) {
        if (changed.some((id) => page.productIds.has(id))) pages.delete(key);
      }
    },
    clear() {
      generation += 1;
      pages.clear();
    },
    stats: () => ({ pages: pages.size, bytes: pages.calculatedSize, maxBytes, ...counters }),
    splicedAnswer(page, fills, acceptEncoding) {
      counters.spliced += 1;
      const gzip = chooseEncoding(acceptEncoding) !== "identity";
      const body = gzip ? splicedGzip(page.template, fills) : splicedPlain(page.template, fills);
      const encoding = gzip ? ["content-encoding", "gzip"] : [];
      const head = [...personalHead, ...encoding, "content-length", String(body.length)];
      return { status: page.status, head, body };
    },
  };
}

async function compressPage(
  { status, html, headers, productIds, template }: PageToCache,
  commonHeaders: Readonly<Record<string, string>>,
): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 10,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzipped(html, { level: 9 }),
  ]);
  const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
  const base = { ...commonHeaders, ...headers, etag };
  const variant = (encoding: "br" | "gzip", body: Buffer<ArrayBuffer>): Variant => ({
    body,
    head: Object.entries({
      ...base,
      "content-encoding": encoding,
      "content-length": String(body.length),
    }).flat(),
  });
  return {
    status,
    etag,
    br: variant("br", br),
    gzip: variant("gzip", gz),
    notModifiedHead: Object.entries(base).flat(),
    productIds: new Set(productIds),
    ...(template ? { template: compressTemplate(template) } : {}),
  };
}

/** Browsers send a handful of distinct Accept-Encoding values: each is read once. */
const encodingOf = new Map<string, Encoding>();
const ENCODINGS_REMEMBERED = 64;

/** The best encoding the client accepts (no q-value parsing beyond refusing q=0). */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const known = encodingOf.get(acceptEncoding);
  if (known) return known;
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(";")[0]?.trim()),
  );
  const chosen = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : "identity";
  if (encodingOf.size < ENCODINGS_REMEMBERED) encodingOf.set(acceptEncoding, chosen);
  return chosen;
}

/** True when the client's If-None-Match names this page's ETag (or any). */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}

export type CachedAnswer = { status: number; head: readonly string[]; body: Buffer<ArrayBuffer> | null };

/** The status, header block and body of a kept page for one request. */
export function cachedPageAnswer(
  page: CachedPage,
  request: { acceptEncoding: string | null | undefined; ifNoneMatch: string | null | undefined },
): CachedAnswer {
  if (page.status === 200 && request.ifNoneMatch && matchesEtag(request.ifNoneMatch, page.etag)) {
    return { status: 304, head: page.notModifiedHead, body: null };
  }
  const encoding = chooseEncoding(request.acceptEncoding);
  if (encoding !== "identity") return { status: page.status, ...page[encoding] };
  // A client that takes neither (rare: scripts, some crawlers) gets it inflated on the spot.
  const body = gunzipSync(page.gzip.body);
  const head = [...page.notModifiedHead, "content-length", String(body.length)];
  return { status: page.status, head, body };
}

/** The header block as name/value pairs, for a Fetch `Response`. */
export function headerPairs(head: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < head.length; index += 2) {
    pairs.push([head[index] ?? "", head[index + 1] ?? ""]);
  }
  return pairs;
}

/**
 * What a page drawn for a visitor depends on besides the catalogue's data: its address (path and
 * query), its language and the year the footer shows.
 */
export function pageCacheKey(lang: string, pathAndQuery: string, year: number): string {
  return `${lang} ${year} ${pathAndQuery}`;
}
