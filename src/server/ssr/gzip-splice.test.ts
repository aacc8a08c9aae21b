import { crc32, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32Combine, deflatePiece, gzipOf } from "./gzip-splice.ts";

describe("crc32Combine", () => {
  it("is the CRC of the two byte strings joined", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        const joined = Buffer.concat([a, b]);
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(joined));
      }),
    );
  });

  it("holds for a long second part", () => {
    const a = Buffer.from("cabecera ");
    const b = Buffer.alloc(200_000, "gato robot azul ");
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
  });
});

describe("gzipOf", () => {
  it("joins pieces compressed apart into one gzip body of their text", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 400 }), { maxLength: 6 }), (texts) => {
        const pieces = texts.map((text, index) => deflatePiece(Buffer.from(text), index % 2 ? 1 : 9));
        expect(gunzipSync(gzipOf(pieces)).toString()).toBe(texts.join(""));
      }),
    );
  });

  it("keeps every byte of a large page split around small pieces", () => {
    const page = Buffer.alloc(150_000, "<li>Peluche Miau</li>");
    const parts = [page.subarray(0, 70_000), Buffer.from("<span>3</span>"), page.subarray(70_000)];
    const body = gzipOf(parts.map((part) => deflatePiece(part)));
    expect(gunzipSync(body).equals(Buffer.concat(parts))).toBe(true);
    expect(body.length).toBeLessThan(page.length / 20);
  });
});
