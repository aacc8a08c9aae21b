import { type Context, Hono } from "hono";
import { uploadedFilePattern } from "#catalog/art/media-paths.ts";
import type { PictureStore } from "./picture-store.ts";

/** Named by their content: a browser or proxy keeps them for a year and never asks again. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const TYPES = { avif: "image/avif", webp: "image/webp" } as const;

const notFound = (c: Context) => c.text("Not found", 404, { "cache-control": "no-store" });

/** Whether an If-None-Match header names this ETag (or any, `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/**
 * `/media/uploads/<hash>.w<320|640>.<avif|webp>` from the picture store (decision 055), mounted
 * before the build's `/media/*`. Only those exact names are looked up, so no path reaches
 * anything else; any other path under it is a plain 404, never a page. The ETag is the name: the
 * bytes behind a name never change.
 */
export function pictureFileRoutes(store: PictureStore) {
  return new Hono()
    .get("/:name", async (c) => {
      const match = uploadedFilePattern.exec(c.req.param("name"));
      const name = match?.[0];
      const format = match?.[3] as keyof typeof TYPES | undefined;
      if (!name || !format) return notFound(c);
      const etag = `"${name}"`;
      const headers = { "cache-control": IMMUTABLE, etag };
      const known = matches(c.req.header("if-none-match"), etag);
      if (known || c.req.method === "HEAD") {
        const kept = await store.stat(name);
        if (!kept) return notFound(c);
        if (known) return c.body(null, 304, headers);
        return c.body(null, 200, {
          ...headers,
          "content-type": TYPES[format],
          "content-length": String(kept.size),
        });
      }
      const file = await store.read(name);
      if (!file) return notFound(c);
      return c.body(file.body, 200, {
        ...headers,
        "content-type": TYPES[format],
        "content-length": String(file.size),
      });
    })
    .all("*", notFound);
}
