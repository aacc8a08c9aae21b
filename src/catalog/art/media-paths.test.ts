import { describe, expect, it } from "vitest";
import {
  extraImageNumber,
  mediaPathsIn,
  rasterVariants,
  uploadedFilePattern,
  uploadedPictureHash,
  uploadedPicturePath,
} from "./media-paths.ts";

const HASH = "0123456789abcdef0123456789abcdef";

describe("rasterVariants", () => {
  it("names an AVIF and a WebP file per width next to the SVG", () => {
    expect(rasterVariants("/media/products/12-1.svg")).toEqual([
      { width: 320, avif: "/media/products/12-1.w320.avif", webp: "/media/products/12-1.w320.webp" },
      { width: 640, avif: "/media/products/12-1.w640.avif", webp: "/media/products/12-1.w640.webp" },
    ]);
  });

  it("has none for a picture that is not drawn, such as a shop owner's own photo", () => {
    expect(rasterVariants("/media/fotos/12.jpg")).toEqual([]);
  });

  it("works for category pictures too", () => {
    expect(rasterVariants("/media/categories/peluche.svg")[0]?.webp).toBe(
      "/media/categories/peluche.w320.webp",
    );
  });
});

describe("uploaded pictures (decision 055)", () => {
  it("gives an uploaded picture's four files: AVIF and WebP at 320 and 640 px", () => {
    expect(rasterVariants(`/media/uploads/${HASH}.w640.webp`)).toEqual([
      {
        width: 320,
        avif: `/media/uploads/${HASH}.w320.avif`,
        webp: `/media/uploads/${HASH}.w320.webp`,
      },
      {
        width: 640,
        avif: `/media/uploads/${HASH}.w640.avif`,
        webp: `/media/uploads/${HASH}.w640.webp`,
      },
    ]);
  });

  it("names the picture by its 640 px WebP, and reads the hash back from that path only", () => {
    expect(uploadedPicturePath(HASH)).toBe(`/media/uploads/${HASH}.w640.webp`);
    expect(uploadedPictureHash(uploadedPicturePath(HASH))).toBe(HASH);
    for (const other of [
      `/media/uploads/${HASH}.w320.webp`,
      `/media/uploads/${HASH}.w640.avif`,
      `/media/uploads/${HASH.toUpperCase()}.w640.webp`,
      `/media/uploads/${HASH.slice(1)}.w640.webp`,
      `/media/uploads/../${HASH}.w640.webp`,
      `/media/uploads/${HASH}.w640.webp?x`,
      `https://images.example/media/uploads/${HASH}.w640.webp`,
    ]) {
      expect(uploadedPictureHash(other), other).toBeUndefined();
    }
  });

  it("has none for another raster under /media/uploads, and keeps the drawn pictures' as they were", () => {
    expect(rasterVariants(`/media/uploads/${HASH}.w320.avif`)).toEqual([]);
    expect(rasterVariants("/media/uploads/foto.jpg")).toEqual([]);
    expect(rasterVariants("/media/uploads/dibujo.svg")[1]?.avif).toBe("/media/uploads/dibujo.w640.avif");
  });

  it("accepts exactly the four file names of a picture in the uploads folder", () => {
    const names = rasterVariants(uploadedPicturePath(HASH)).flatMap((v) => [v.avif, v.webp]);
    for (const name of names)
      expect(uploadedFilePattern.test(name.replace("/media/uploads/", ""))).toBe(true);
    for (const name of [
      `${HASH}.w640.png`,
      `${HASH}.w480.webp`,
      `.${HASH}.w640.webp.tmp`,
      `${HASH}.w640.webp/`,
    ])
      expect(uploadedFilePattern.test(name), name).toBe(false);
  });
});

describe("mediaPathsIn", () => {
  it("finds one path, none, or two joined together", () => {
    expect(mediaPathsIn("/media/products/12.svg")).toEqual(["/media/products/12.svg"]);
    expect(mediaPathsIn("")).toEqual([]);
    expect(mediaPathsIn("https://images.example/a.png")).toEqual([]);
    expect(mediaPathsIn("/media/products/12.svg/media/products/12-1.svg")).toEqual([
      "/media/products/12.svg",
      "/media/products/12-1.svg",
    ]);
  });

  it("never yields a path that climbs out of the media folder", () => {
    expect(mediaPathsIn("/media/../secret.svg")).toEqual([]);
  });
});

describe("extraImageNumber", () => {
  it("reads the view number from the file name", () => {
    expect(extraImageNumber("/media/products/12-2.svg")).toBe(2);
    expect(extraImageNumber("/media/products/12.svg")).toBeUndefined();
    expect(extraImageNumber("/media/products/12-7.svg")).toBeUndefined();
  });
});
