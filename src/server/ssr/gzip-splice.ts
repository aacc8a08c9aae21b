import { promisify } from "node:util";
import { constants, crc32, deflateRaw, deflateRawSync } from "node:zlib";

const deflateRawInPool = promisify(deflateRaw);

/**
 * A piece of a page compressed on its own (raw deflate ending on a byte boundary with a sync
 * flush, never the final block): pieces kept compressed and pieces made for one request are
 * joined into one gzip body without compressing the kept ones again (decision 020).
 */
export type Piece = { deflated: Buffer; crc: number; length: number };

export function deflatePiece(plain: Buffer, level = 9): Piece {
  return {
    deflated: deflateRawSync(plain, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(plain),
    length: plain.length,
  };
}

/** The same, compressed on libuv's thread pool: a page's pieces, never blocking the event loop. */
export async function deflatePieceInPool(plain: Buffer, level: number): Promise<Piece> {
  const deflated = await deflateRawInPool(plain, { level, finishFlush: constants.Z_SYNC_FLUSH });
  return { deflated, crc: crc32(plain), length: plain.length };
}

/** ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final fixed-Huffman block holding only its end code: what closes the stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** The pieces, in order, as one gzip body. */
export function gzipOf(pieces: readonly Piece[]): Buffer<ArrayBuffer> {
  let crc = 0;
  let length = 0;
  const parts: Buffer[] = [GZIP_HEADER];
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
    parts.push(piece.deflated);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(parts);
}

const POLY = 0xedb88320;
const TOP = 0x80000000;

/** a(x)·b(x) modulo the CRC-32 polynomial, bit-reflected as CRC-32 is (zlib's multmodp). */
function multiplyModP(a: number, b: number): number {
  let m = TOP;
  let product = 0;
  let shifted = b;
  for (;;) {
    if (a & m) {
      product ^= shifted;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    shifted = shifted & 1 ? (shifted >>> 1) ^ POLY : shifted >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const X2N = (() => {
  const table: number[] = [];
  let power = TOP >>> 1; // x^1
  for (let k = 0; k < 32; k += 1) {
    table.push(power);
    power = multiplyModP(power, power);
  }
  return table;
})();

/** x^(n·2^k) modulo the polynomial. */
function xPowerModP(n: number, k: number): number {
  let power = TOP; // x^0
  let rest = n;
  let bit = k;
  while (rest > 0) {
    if (rest % 2 === 1) power = multiplyModP(X2N[bit % 32] ?? 0, power);
    rest = Math.floor(rest / 2);
    bit += 1;
  }
  return power;
}

/** The CRC-32 of A followed by B from A's and B's CRCs and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(xPowerModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
