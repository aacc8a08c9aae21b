import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, STAND_IN_KEY, startS3StandIn } from "../testing/s3-stand-in.ts";
import { readBytes } from "./picture-store.ts";
import { listPage, s3PictureStore } from "./s3-store.ts";

let standIn: S3StandIn;
beforeAll(async () => {
  standIn = await startS3StandIn();
});
afterAll(() => standIn.close());

const name = (n: number, format = "webp") => `${String(n).padStart(32, "0")}.w640.${format}`;
const storeWith = (changes: Partial<Parameters<typeof s3PictureStore>[0]> = {}) =>
  s3PictureStore({
    ...STAND_IN_KEY,
    endpoint: standIn.endpoint,
    bucket: standIn.bucket,
    prefix: "media/uploads/",
    ...changes,
  });

describe("s3PictureStore (against a local S3 stand-in)", () => {
  it("puts a file under its key with its type, and reads and stats it back", async () => {
    const store = storeWith();
    expect(await store.stat(name(1))).toBeNull();
    expect(await store.read(name(1))).toBeNull();
    await store.put(name(1), Buffer.from("webp bytes"));
    await store.put(name(1, "avif"), Buffer.from("avif bytes"));
    expect(standIn.objects.get(`media/uploads/${name(1)}`)?.type).toBe("image/webp");
    expect(standIn.objects.get(`media/uploads/${name(1, "avif")}`)?.type).toBe("image/avif");
    expect(await store.stat(name(1))).toEqual({ size: 10 });
    expect((await readBytes(store, name(1)))?.toString()).toBe("webp bytes");
    expect(store.location).toBe(`${standIn.endpoint}/${standIn.bucket}/media/uploads/`);
  });

  it("never replaces a kept file: it looks first, and writes only if none is there", async () => {
    const store = storeWith();
    await store.put(name(2), Buffer.from("first"));
    const before = standIn.requests.length;
    await store.put(name(2), Buffer.from("second"));
    expect(standIn.requests.slice(before).map((r) => r.method)).toEqual(["HEAD"]);
    // Two writers that both looked before either wrote: the second PUT is refused (412), quietly.
    await Promise.all([store.put(name(3), Buffer.from("a")), store.put(name(3), Buffer.from("b"))]);
    expect(["a", "b"]).toContain(standIn.objects.get(`media/uploads/${name(3)}`)?.bytes.toString());
    expect(standIn.requests.filter((r) => r.status === 412).length).toBeLessThanOrEqual(1);
  });

  it("fails loudly with a wrong key or bucket, and asks for picture names only", async () => {
    await expect(storeWith({ secretAccessKey: "wrong" }).put(name(4), Buffer.from("x"))).rejects.toThrow(
      /S3 HEAD .* 403/,
    );
    await expect(storeWith({ region: "us-east-1" }).read(name(1))).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
    await expect(storeWith({ bucket: "otro" }).read(name(1))).rejects.toThrow(/404 NoSuchBucket/);
    await expect(storeWith().read("../secret")).rejects.toThrow(/not a picture file name/);
    expect(standIn.objects.has(`media/uploads/${name(4)}`)).toBe(false);
  });

  it("lists its picture files page after page, and deletes one (gone already: no error)", async () => {
    const paged = await startS3StandIn("paginas", { pageSize: 2 });
    try {
      const store = storeWith({ endpoint: paged.endpoint, bucket: paged.bucket });
      for (const n of [21, 22, 23, 24, 25]) await store.put(name(n), Buffer.from(`file ${n}`));
      // Keys that are not ours: another prefix, a stray object under ours.
      for (const key of ["otra-cosa/x.txt", "media/uploads/leeme.txt"])
        paged.objects.set(key, {
          bytes: Buffer.from("x"),
          type: "text/plain",
          etag: '"x"',
          writtenAt: new Date(),
        });
      const listed = await store.list();
      expect(listed.map(({ name }) => name)).toEqual([21, 22, 23, 24, 25].map((n) => name(n)));
      expect(listed.every(({ writtenAt }) => Math.abs(writtenAt.getTime() - Date.now()) < 60_000)).toBe(true);
      // Six keys under the prefix (five files, a stray), two a page: three pages, by their tokens.
      expect(
        paged.requests.filter(({ method, path }) => method === "GET" && path === "/paginas").length,
      ).toBe(3);
      await store.remove(name(22));
      await store.remove(name(22));
      expect(paged.objects.has(`media/uploads/${name(22)}`)).toBe(false);
      expect(paged.objects.has("media/uploads/leeme.txt")).toBe(true);
      expect((await store.list()).map(({ name }) => name)).toEqual([21, 23, 24, 25].map((n) => name(n)));
    } finally {
      await paged.close();
    }
  });

  it("reads a ListObjectsV2 page as S3 writes it: escaped keys, the token only when truncated", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix>up/</Prefix><KeyCount>2</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>true</IsTruncated>
<Contents><Key>up/${name(31)}</Key><LastModified>2026-11-20T10:00:00.000Z</LastModified><ETag>&quot;abc&quot;</ETag><Size>4</Size></Contents>
<Contents><Key>up/a&amp;b.webp</Key><LastModified>2026-11-20T10:00:00.000Z</LastModified></Contents>
<NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=&amp;x</NextContinuationToken></ListBucketResult>`;
    expect(listPage(xml, "up/")).toEqual({
      files: [{ name: name(31), writtenAt: new Date("2026-11-20T10:00:00.000Z") }],
      next: "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=&x",
    });
    expect(listPage(xml.replace("<IsTruncated>true", "<IsTruncated>false"), "up/").next).toBeUndefined();
  });
});
