import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, STAND_IN_KEY, startS3StandIn } from "../testing/s3-stand-in.ts";
import { readBytes } from "./picture-store.ts";
import { s3PictureStore } from "./s3-store.ts";

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
});
