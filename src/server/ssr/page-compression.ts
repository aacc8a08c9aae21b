import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gunzip, gzip } from "node:zlib";
import { deflatePiece } from "./gzip-splice.ts";
import { compressTemplate, type PageTemplate, splicedGzip, type TemplateText } from "./page-template.ts";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

/**
 * The first answer's gzip, and the template's pieces (decision 056): level 6 takes about a
 * millisecond for a 67 KB product page, level 9 saves under 1 % more, level 1 costs 18 % more bytes.
 */
const GZIP_LEVEL = 6;
/** Brotli's for kept pages: ~14 % smaller than gzip 6, ~40 ms of CPU, so never on a request's path. */
const BROTLI_QUALITY = 10;

/** One way of sending a kept page: its body and its whole header block, ready to write. */
type Variant = {
  body: Buffer<ArrayBuffer>;
  /** Name, value, name, value… as Node's `writeHead` takes them (no per-request copying). */
  head: readonly string[];
};

/** A rendered page kept as the bytes it is sent as: compressed once, never per request. */
export type CachedPage = {
  status: number;
  /** Weak: the same page in Brotli, gzip or plain text is one entity, whichever forms exist yet. */
  etag: string;
  /**
   * Made in the background after the first answer, with gzip 9 of the whole page in place of the
   * first gzip (decision 056); until then Brotli's clients get the gzip.
   */
  br?: Variant;
  gzip: Variant;
  /** Headers of a 304 (no body). */
  notModifiedHead: readonly string[];
  /** The products whose stock or data the page shows: a change to any of them drops it. */
  productIds: ReadonlySet<number>;
  /** A catalogue page: the page every shopper shares, their own parts left as holes (decision 020). */
  template?: PageTemplate;
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
  /**
   * With `template`, a visitor's fill of each hole (`html` is the template filled with them): the
   * visitor's gzip is then the template's pieces spliced with these, one compression for both.
   */
  visitorFills?: readonly string[];
};

/**
 * The page as its first answer sends it: gzip and the template's pieces, compressed on libuv's
 * thread pool at a fast level. No Brotli yet: `withStrongForms` makes it later.
 */
export async function firstForms(
  { status, html, headers, productIds, template, visitorFills }: PageToCache,
  commonHeaders: Readonly<Record<string, string>>,
): Promise<CachedPage> {
  const { gz, pieces } = await gzipForms(html, template, visitorFills);
  const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
  // Each form states its own encoding and length.
  const { "content-encoding": _encoding, "content-length": _length, ...own } = headers;
  const notModifiedHead = Object.entries({ ...commonHeaders, ...own, etag }).flat();
  return {
    status,
    etag,
    gzip: variant(notModifiedHead, "gzip", gz),
    notModifiedHead,
    productIds: new Set(productIds),
    ...(pieces ? { template: pieces } : {}),
  };
}

/** The visitor's gzip and, for a catalogue page, the template's pieces (decision 020). */
async function gzipForms(
  html: Buffer<ArrayBuffer>,
  template: TemplateText | undefined,
  visitorFills: readonly string[] | undefined,
): Promise<{ gz: Buffer<ArrayBuffer>; pieces?: PageTemplate }> {
  if (!template) return { gz: await gzipped(html, { level: GZIP_LEVEL }) };
  const pieces = await compressTemplate(template, GZIP_LEVEL);
  if (!visitorFills) return { gz: await gzipped(html, { level: GZIP_LEVEL }), pieces };
  // A visitor's own parts are a few hundred bytes: compressed right here.
  const fills = visitorFills.map((fill) => deflatePiece(Buffer.from(fill), GZIP_LEVEL));
  return { gz: splicedGzip(pieces, fills), pieces };
}

/**
 * The same page in its strongest forms: Brotli, and gzip 9 of the whole page (a catalogue page's
 * first gzip is its pieces spliced, ~8 % larger), made from the kept gzip: the plain page is not
 * kept meanwhile.
 */
export async function withStrongForms(page: CachedPage): Promise<CachedPage> {
  const html = await gunzipped(page.gzip.body);
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzipped(html, { level: 9 }),
  ]);
  return {
    ...page,
    br: variant(page.notModifiedHead, "br", br),
    gzip: variant(page.notModifiedHead, "gzip", gz),
  };
}

function variant(base: readonly string[], encoding: "br" | "gzip", body: Buffer<ArrayBuffer>): Variant {
  return { body, head: [...base, "content-encoding", encoding, "content-length", String(body.length)] };
}

/** The bytes a kept page holds: every form of it, its template's pieces and about 2 KB of the rest. */
export function keptBytes(page: CachedPage): number {
  return (page.br?.body.length ?? 0) + page.gzip.body.length + (page.template?.bytes ?? 0) + 2048;
}
