import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { directoryPictureStore } from "./directory-store.ts";
import { pictureFileRoutes } from "./picture-files.routes.ts";

const dataDir = mkdtempSync(join(tmpdir(), "picture-files-"));
const uploads = join(dataDir, "media", "uploads");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const HASH = "00112233445566778899aabbccddeeff";
const webp = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake picture bytes");
const avif = Buffer.from("\u0000\u0000\u0000\u0018ftypavif fake picture bytes");
const store = directoryPictureStore(uploads);
await store.put(`${HASH}.w640.webp`, webp);
await store.put(`${HASH}.w320.avif`, avif);
// Files beside the pictures that no request may reach.
writeFileSync(join(uploads, "notes.txt"), "secreto");
writeFileSync(join(dataDir, "auth-secret"), "secreto");
mkdirSync(join(uploads, `${HASH}.w320.webp`));

const app = new Hono().route("/media/uploads", pictureFileRoutes(store));

describe("GET /media/uploads/*", () => {
  it("serves a kept file with its type, length, a year's immutable caching and its name as ETag", async () => {
    const response = await app.request(`/media/uploads/${HASH}.w640.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("content-length")).toBe(String(webp.byteLength));
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toBe(`"${HASH}.w640.webp"`);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(webp);
    const small = await app.request(`/media/uploads/${HASH}.w320.avif`);
    expect(small.headers.get("content-type")).toBe("image/avif");
    expect(Buffer.from(await small.arrayBuffer())).toEqual(avif);
  });

  it("answers 304 to a browser that has it, and HEAD without a body", async () => {
    const path = `/media/uploads/${HASH}.w640.webp`;
    for (const tag of [`"${HASH}.w640.webp"`, `W/"${HASH}.w640.webp"`, `"x", "${HASH}.w640.webp"`, "*"]) {
      const again = await app.request(path, { headers: { "if-none-match": tag } });
      expect(again.status, tag).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    expect((await app.request(path, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
    const head = await app.request(path, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(webp.byteLength));
    expect(await head.text()).toBe("");
  });

  it.each([`${HASH}.w320.webp`, `${HASH}.w640.avif`, "ffffffffffffffffffffffffffffffff.w640.webp"])(
    "answers a plain 404 for a picture file that is not kept (%s)",
    async (name) => {
      const response = await app.request(`/media/uploads/${name}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/plain");
      expect(response.headers.get("cache-control")).toBe("no-store");
    },
  );

  it.each([
    "/media/uploads/notes.txt",
    "/media/uploads/../../auth-secret",
    "/media/uploads/..%2f..%2fauth-secret",
    "/media/uploads/%2e%2e/%2e%2e/auth-secret",
    `/media/uploads/..%2F${HASH}.w640.webp`,
    `/media/uploads/x/${HASH}.w640.webp`,
    `/media/uploads/${HASH.toUpperCase()}.w640.webp`,
    `/media/uploads/${HASH}.w640.webp%00.txt`,
    `/media/uploads/${HASH}.w640.webp/`,
    `/media/uploads/.${HASH}.w640.webp.tmp`,
    "/media/uploads/",
    "/media/uploads",
  ])("never serves anything but a picture's exact name: %s", async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("secreto");
  });

  it("takes no writes", async () => {
    const response = await app.request(`/media/uploads/${HASH}.w640.webp`, { method: "POST", body: "x" });
    expect(response.status).toBe(404);
  });
});
