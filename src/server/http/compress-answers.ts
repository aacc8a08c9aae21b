import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { chosenEncoding } from "./accept-encoding.ts";

const gzipAsync = promisify(gzip);

/**
 * Up to this size a body is gzipped on the main thread: a 2 KB answer takes ~25 µs there, while
 * handing it to libuv's threads costs the main thread twice that (a stream, its buffers, the hop
 * back), measured on this machine. Larger bodies (uncached pages) go to the threads.
 */
export const GZIP_ON_MAIN_THREAD_BYTES = 16 * 1024;

export function gzipped(body: Uint8Array) {
  return body.byteLength <= GZIP_ON_MAIN_THREAD_BYTES ? gzipSync(body) : gzipAsync(body);
}

/** Whole answers shorter than this go as they are; longer ones are gzipped (decision 040). */
export const COMPRESS_FROM_BYTES = 1024;

/** Bodies the app makes whole as strings (API answers, rendered pages), not streams or files. */
const WHOLE_BODY = /^(application\/json|text\/html)\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

/**
 * Hono's `compress`, with JSON answers and rendered pages taken apart. Hono compresses every body
 * it is not told the length of, and these never carry one: each 2 KB answer went through a web
 * CompressionStream (the most of an order's compression time). They are whole strings, so their
 * size is known: under `threshold` bytes one goes as it is, with its length; a larger one is
 * gzipped in one call (`gzipped`). Streams and files (their length known or not) still go
 * through Hono's.
 */
export function compressAnswers(threshold = COMPRESS_FROM_BYTES): MiddlewareHandler {
  const streaming = compress({ threshold });
  return (c, next) =>
    streaming(c, async () => {
      await next();
      const { res } = c;
      const type = res.headers.get("content-type");
      if (!type || !WHOLE_BODY.test(type) || res.status === 204 || res.status === 304) return;
      if (c.req.method === "HEAD" || res.headers.has("content-encoding")) return;
      if (NO_TRANSFORM.test(res.headers.get("cache-control") ?? "")) return;
      // The encoding Hono's compressor would choose: deflate (rare) is left to it.
      if (chosenEncoding(c.req.header("accept-encoding")) !== "gzip") return;
      const body = new Uint8Array(await res.arrayBuffer());
      const small = body.byteLength < threshold;
      const sent = small ? body : await gzipped(body);
      c.res = new Response(sent, res);
      c.res.headers.set("content-length", String(sent.byteLength));
      if (!VARIES_BY_ENCODING.test(c.res.headers.get("vary") ?? ""))
        c.res.headers.append("vary", "Accept-Encoding");
      if (small) return;
      c.res.headers.set("content-encoding", "gzip");
      const etag = c.res.headers.get("etag");
      if (etag && !etag.startsWith("W/")) c.res.headers.set("etag", `W/${etag}`);
    });
}
