import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PICTURE_MAX_BYTES } from "#shared/api/back-office-picture-contract.ts";
import { type PictureError, pictureHash, processPicture } from "./process-picture.ts";

/** A picture drawn here: left half red, right half blue, so that a turn can be seen. */
async function halves(width: number, height: number) {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: "#ff0000" } }).composite([
    {
      input: { create: { width: width - half, height, channels: 3, background: "#0000ff" } },
      left: half,
      top: 0,
    },
  ]);
}

async function refusal(bytes: Uint8Array): Promise<string> {
  const error = await processPicture(bytes).then(
    () => undefined,
    (failed: unknown) => failed as PictureError,
  );
  if (!error) throw new Error("the picture was taken");
  return error.code;
}

async function described(file: { bytes: Buffer }) {
  const meta = await sharp(file.bytes).metadata();
  return { format: meta.format, compression: meta.compression, width: meta.width, height: meta.height };
}

/** The colour at a point of an encoded file, as [r, g, b]. */
async function colourAt(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1];
}

const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r = 0, g = 0, b = 0]: number[]) => b > 200 && r < 60 && g < 60;

describe("processPicture", () => {
  it("makes a PNG into AVIF and WebP fitted in 640 and 320 px, named by its hash", async () => {
    const png = await (await halves(1200, 900)).png().toBuffer();
    const picture = await processPicture(png);
    expect(picture.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(picture.hash).toBe(pictureHash(png));
    const byName = new Map(picture.files.map((file) => [file.name.replace(picture.hash, "H"), file]));
    expect([...byName.keys()].sort()).toEqual(["H.w320.avif", "H.w320.webp", "H.w640.avif", "H.w640.webp"]);
    const file = (name: string) => {
      const found = byName.get(name);
      if (!found) throw new Error(`no ${name}`);
      return found;
    };
    expect(await described(file("H.w640.webp"))).toMatchObject({ format: "webp", width: 640, height: 480 });
    expect(await described(file("H.w640.avif"))).toMatchObject({
      format: "heif",
      compression: "av1",
      width: 640,
      height: 480,
    });
    expect(await described(file("H.w320.webp"))).toMatchObject({ width: 320, height: 240 });
    expect(await described(file("H.w320.avif"))).toMatchObject({ width: 320, height: 240 });
    expect(file("H.w640.webp")).toMatchObject({ width: 640, height: 480 });
    expect(isRed(await colourAt(file("H.w640.webp").bytes, 10, 240))).toBe(true);
    expect(isBlue(await colourAt(file("H.w640.webp").bytes, 630, 240))).toBe(true);
  });

  it("turns a JPEG by its EXIF orientation and keeps none of its metadata", async () => {
    // 400 × 200 as stored, orientation 6: shown turned a quarter clockwise, 200 × 400, red on top.
    const jpeg = await (await halves(400, 200))
      .jpeg()
      .withExif({ IFD0: { Copyright: "Foto de la tienda", Artist: "Ana" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const picture = await processPicture(jpeg);
    const large = picture.files.find((file) => file.name.endsWith(".w640.webp"));
    const small = picture.files.find((file) => file.name.endsWith(".w320.avif"));
    if (!large || !small) throw new Error("missing files");
    // Never enlarged: 200 × 400 fits 640 as it is, and is halved for 320.
    expect(await described(large)).toMatchObject({ width: 200, height: 400 });
    expect(await described(small)).toMatchObject({ width: 160, height: 320 });
    expect(isRed(await colourAt(large.bytes, 100, 20))).toBe(true);
    expect(isBlue(await colourAt(large.bytes, 100, 380))).toBe(true);
    for (const file of picture.files) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.exif, file.name).toBeUndefined();
      expect(meta.orientation, file.name).toBeUndefined();
      expect(file.bytes.includes(Buffer.from("Foto de la tienda")), file.name).toBe(false);
    }
  });

  it("gives both sizes of a small picture at its own size, never enlarged", async () => {
    const webp = await (await halves(90, 60)).webp().toBuffer();
    const picture = await processPicture(webp);
    for (const file of picture.files)
      expect(await described(file), file.name).toMatchObject({ width: 90, height: 60 });
  });

  it("takes WebP, AVIF and GIF, and keeps a PNG's transparency", async () => {
    const avif = await (await halves(300, 300)).avif().toBuffer();
    expect((await processPicture(avif)).files).toHaveLength(4);
    const gif = await (await halves(64, 32)).gif().toBuffer();
    const fromGif = await processPicture(gif);
    expect(await described(fromGif.files[0] ?? { bytes: Buffer.alloc(0) })).toMatchObject({ width: 64 });
    const clear = await sharp({ create: { width: 50, height: 50, channels: 4, background: "#00ff0000" } })
      .png()
      .toBuffer();
    const transparent = await processPicture(clear);
    for (const file of transparent.files) expect((await sharp(file.bytes).metadata()).hasAlpha).toBe(true);
  });

  it("takes an animated GIF's first frame only", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 60, height: 40, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const picture = await processPicture(gif);
    for (const file of picture.files) {
      expect(await described(file), file.name).toMatchObject({ width: 60, height: 40 });
      expect((await sharp(file.bytes).metadata()).pages ?? 1, file.name).toBe(1);
      expect(isRed(await colourAt(file.bytes, 30, 20)), file.name).toBe(true);
    }
  });

  it("takes a JPEG with bytes after its end, as some cameras write them", async () => {
    const jpeg = await (await halves(300, 200)).jpeg().toBuffer();
    const picture = await processPicture(Buffer.concat([jpeg, Buffer.alloc(200, 0x41)]));
    expect(picture.files).toHaveLength(4);
  });

  it("names the same bytes the same, and other bytes otherwise", async () => {
    const one = await (await halves(100, 100)).png().toBuffer();
    const other = await (await halves(100, 101)).png().toBuffer();
    expect((await processPicture(one)).hash).toBe((await processPicture(Buffer.from(one))).hash);
    expect(pictureHash(one)).not.toBe(pictureHash(other));
  });

  it("refuses a file over 10 MB before decoding it", async () => {
    const png = await (await halves(10, 10)).png().toBuffer();
    const padded = Buffer.concat([png, Buffer.alloc(PICTURE_MAX_BYTES + 1 - png.byteLength)]);
    expect(await refusal(padded)).toBe("picture-too-large");
  });

  it("refuses a picture of more than 40 megapixels", async () => {
    const huge = await sharp({ create: { width: 8_001, height: 5_000, channels: 3, background: "#fff" } })
      .greyscale()
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(huge.byteLength).toBeLessThan(PICTURE_MAX_BYTES);
    expect(await refusal(huge)).toBe("picture-too-many-pixels");
  });

  it("refuses an SVG, other formats and bytes that are no picture", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await refusal(svg)).toBe("picture-type");
    expect(await refusal(await (await halves(20, 20)).tiff().toBuffer())).toBe("picture-type");
    expect(await refusal(Buffer.from("GIF89a... not really"))).toBe("picture-unreadable");
    expect(await refusal(Buffer.from("hola, esto no es una foto"))).toBe("picture-type");
    expect(await refusal(Buffer.alloc(0))).toBe("picture-type");
  });

  it("refuses a file that starts as a picture and does not decode", async () => {
    const jpeg = await (await halves(300, 200)).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, jpeg.byteLength / 2))).toBe("picture-unreadable");
    const png = await (await halves(300, 200)).png().toBuffer();
    const garbled = Buffer.concat([png.subarray(0, 40), Buffer.alloc(400, 0x5a)]);
    expect(await refusal(garbled)).toBe("picture-unreadable");
  });
});
