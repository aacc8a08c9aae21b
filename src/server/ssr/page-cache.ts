import { gunzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { Piece } from "./gzip-splice.ts";
import {
  type CachedPage,
  firstForms,
  keptBytes,
  type PageToCache,
  withStrongForms,
} from "./page-compression.ts";
import { type PageTemplate, splicedGzip, splicedPlain } from "./page-template.ts";

export type Encoding = "br" | "gzip" | "identity";

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
  /** Pages given their strongest forms in the background, Brotli and gzip 9 (decision 056). */
  compressed: number;
  /** Strong forms not kept: the page was dropped, evicted or drawn again meanwhile. */
  compressionsDropped: number;
};

export type PageCache = {
  get(key: string): CachedPage | undefined;
  /**
   * Renders the page once for every concurrent request of the same key, compresses it fast and
   * keeps it, unless a change reached the cache while it was being rendered (the render may predate
   * it); its strongest forms follow in the background (decision 056).
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

export type PageCacheOptions = {
  /** The bytes kept at most (every form of every page); the least recently sent go first. */
  maxBytes?: number;
  /** Headers every answer of the shop carries (the security policy…), kept in each page's head. */
  commonHeaders?: Readonly<Record<string, string>>;
  /** Pages waiting for their strong forms, at most; past it a page waits until it is next sent. */
  maxWaiting?: number;
};

/** The 480 ES and PT pages of the sitemap take about 13 MB (BENCHMARKS.md). */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export function createPageCache({
  maxBytes = PAGE_CACHE_MAX_BYTES,
  commonHeaders = {},
  maxWaiting = 1000,
}: PageCacheOptions = {}): PageCache {
  const pages = new LRUCache<string, CachedPage>({ maxSize: maxBytes, sizeCalculation: keptBytes });
  const inFlight = new Map<string, Promise<CachedPage>>();
  const personalHead = Object.entries({
    ...commonHeaders,
    "content-type": "text/html; charset=utf-8",
    "cache-control": "private, no-cache",
    vary: "Cookie, Accept-Encoding",
  }).flat();
  /** Raised by every invalidation: a render that started before one is not kept. */
  let generation = 0;
  const counters = { hits: 0, renders: 0, spliced: 0, compressed: 0, compressionsDropped: 0 };
  /** Keys of kept pages without their strong forms, oldest first (a Set keeps insertion order). */
  const waiting = new Set<string>();
  let compressing = false;

  async function renderAndKeep(key: string, render: () => Promise<PageToCache>) {
    const startedAt = generation;
    const rendered = await render();
    counters.renders += 1;
    const page = await firstForms(rendered, commonHeaders);
    if (generation === startedAt) {
      pages.set(key, page);
      awaitStrongForms(key);
    }
    return page;
  }

  function awaitStrongForms(key: string) {
    if (waiting.size < maxWaiting) waiting.add(key);
  }

  /** The oldest waiting page still in its first forms; keys of pages dropped meanwhile are passed over. */
  function nextWaiting(): { key: string; page: CachedPage } | undefined {
    for (const key of waiting) {
      waiting.delete(key);
      const page = pages.peek(key);
      if (page && !page.br) return { key, page };
    }
    return undefined;
  }

  /**
   * One page compressed at a time, on the thread pool, and only while no page is being drawn:
   * drawing pages goes first, on a machine of few cores most of all (decision 056).
   */
  function compressNext() {
    if (compressing || inFlight.size > 0) return;
    const next = nextWaiting();
    if (!next) return;
    compressing = true;
    withStrongForms(next.page)
      .then((strong) => {
        // Dropped (a change, the LRU) or drawn again meanwhile: the compression is not kept.
        if (pages.peek(next.key) !== next.page) counters.compressionsDropped += 1;
        else {
          pages.set(next.key, strong);
          counters.compressed += 1;
        }
      })
      .catch(() => {
        counters.compressionsDropped += 1;
      })
      .finally(() => {
        compressing = false;
        compressNext();
      });
  }

  return {
    get(key) {
      const page = pages.get(key);
      if (page) {
        counters.hits += 1;
        // Left waiting when the queue was full: it is asked for, so it is worth compressing now.
        if (!page.br && !waiting.has(key)) {
          awaitStrongForms(key);
          compressNext();
        }
      }
      return page;
    },
    fill(key, render) {
      const running = inFlight.get(key);
      if (running) return running;
      const started = renderAndKeep(key, render).finally(() => {
        inFlight.delete(key);
        compressNext();
      });
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
      waiting.clear();
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
  if (encoding !== "identity") return { status: page.status, ...(page[encoding] ?? page.gzip) };
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
