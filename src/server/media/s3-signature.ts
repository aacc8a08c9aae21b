import { createHash, createHmac } from "node:crypto";

/** The SHA-256 of no bytes: the payload hash of a GET or HEAD. */
export const EMPTY_PAYLOAD_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export const sha256Hex = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Uint8Array | string, data: string) => createHmac("sha256", key).update(data).digest();

/** 20130524T000000Z: the time as Signature Version 4 writes it. */
export const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export type SignatureInput = {
  method: string;
  /** The path as sent, already URI-encoded (S3 keys here need no encoding: hex, dots, slashes). */
  path: string;
  /** The canonical query string (`canonicalQuery`), "" for none. */
  query?: string;
  /** Every signed header, names in lower case, `host` and `x-amz-date` among them. */
  headers: Readonly<Record<string, string>>;
  payloadHash: string;
  region: string;
  secretAccessKey: string;
};

/** RFC 3986's encoding, as Signature Version 4 wants it (encodeURIComponent leaves !'()* alone). */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** A query's canonical form: each name and value encoded, sorted by name then value. */
export function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/**
 * AWS Signature Version 4 for S3 (the "Authorization header" form): the canonical request, the
 * string to sign and the signing key, as AWS documents them. The tests check it against AWS's own
 * worked examples (GET /test.txt with a Range header; a bucket's list with max-keys and prefix).
 */
export function s3Signature({
  method,
  path,
  query = "",
  headers,
  payloadHash,
  region,
  secretAccessKey,
}: SignatureInput) {
  const date = headers["x-amz-date"] ?? "";
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map(
    (name) => `${name}:${(headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`,
  );
  const signedHeaders = names.join(";");
  const canonical = [method, path, query, canonicalHeaders.join(""), signedHeaders, payloadHash].join("\n");
  const scope = `${date.slice(0, 8)}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(canonical)].join("\n");
  const key = hmac(
    hmac(hmac(hmac(`AWS4${secretAccessKey}`, date.slice(0, 8)), region), "s3"),
    "aws4_request",
  );
  return { scope, signedHeaders, signature: createHmac("sha256", key).update(toSign).digest("hex") };
}

export type S3Credentials = {
  accessKeyId: string;
  secretAccessKey: string;
  /** A temporary key's token (x-amz-security-token), signed with the rest. */
  sessionToken?: string | undefined;
  region: string;
};

/** The headers that sign a request to `url` (fetch sends the Host header itself, from the URL). */
export function signedS3Headers(
  request: { method: string; url: URL; headers?: Record<string, string>; payloadHash: string },
  credentials: S3Credentials,
  now: Date,
): Record<string, string> {
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    ),
    host: request.url.host,
    "x-amz-date": amzDate(now),
    "x-amz-content-sha256": request.payloadHash,
    ...(credentials.sessionToken ? { "x-amz-security-token": credentials.sessionToken } : {}),
  };
  const { scope, signedHeaders, signature } = s3Signature({
    method: request.method,
    path: request.url.pathname,
    query: canonicalQuery(request.url.searchParams),
    headers,
    payloadHash: request.payloadHash,
    region: credentials.region,
    secretAccessKey: credentials.secretAccessKey,
  });
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
