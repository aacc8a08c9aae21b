import { createHmac } from "node:crypto";

/**
 * The code an authenticator app shows at `at` for a `otpauth://` URI (RFC 6238: SHA-1, 6 digits,
 * 30 s), computed here independently of better-auth's own implementation.
 */
export function totpCode(totpURI: string, at = Date.now()): string {
  const uri = new URL(totpURI);
  const secret = uri.searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  const period = Number(uri.searchParams.get("period") ?? 30);
  const digits = Number(uri.searchParams.get("digits") ?? 6);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / period)));
  const mac = createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

function base32Bytes(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${text}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}
