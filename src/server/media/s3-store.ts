import { assertPictureName, type PictureStore } from "./picture-store.ts";
import { EMPTY_PAYLOAD_SHA256, type S3Credentials, sha256Hex, signedS3Headers } from "./s3-signature.ts";

export type S3StoreConfig = S3Credentials & {
  /** The service's address (`https://s3.eu-west-1.amazonaws.com`, a MinIO's `http://minio:9000`…). */
  endpoint: string;
  bucket: string;
  /** Where in the bucket the files go, ending in "/" ("media/uploads/"), or "". */
  prefix: string;
  fetch?: typeof fetch;
  now?: () => Date;
};

const TIMEOUT_MS = 15_000;

/** The error code of an S3 XML error body ("NoSuchKey"), or "". */
async function errorCode(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  return /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? "";
}

/** What the service said, for the log: its status and error code. */
async function failure(action: string, name: string, response: Response, code?: string): Promise<Error> {
  return new Error(`S3 ${action} ${name}: ${response.status} ${code ?? (await errorCode(response))}`.trim());
}

/**
 * Pictures in an S3-compatible bucket (decision 055), by path-style requests
 * (`endpoint/bucket/prefix+name`) signed with Signature Version 4: PutObject, HeadObject and
 * GetObject, nothing else. A file is written only when HeadObject does not find it, and with
 * `If-None-Match: *`, so a store that honours conditional writes never replaces one (412 is
 * "kept already"); a PutObject is whole or absent in S3 itself. The shop serves the files at its
 * own /media/uploads, so the bucket needs no public access. The key needs s3:PutObject and
 * s3:GetObject, and s3:ListBucket so that a missing file is a 404 rather than a 403.
 */
export function s3PictureStore(config: S3StoreConfig): PictureStore {
  const send = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  const base = config.endpoint.endsWith("/") ? config.endpoint : `${config.endpoint}/`;
  const urlOf = (name: string) => new URL(`${config.bucket}/${config.prefix}${name}`, base);
  const request = (method: string, name: string, body?: Uint8Array, headers: Record<string, string> = {}) => {
    assertPictureName(name);
    const url = urlOf(name);
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_SHA256;
    const signed = signedS3Headers({ method, url, headers, payloadHash }, config, now());
    return send(url, {
      method,
      headers: signed,
      // A copy with its own ArrayBuffer, as fetch's types want (a file is tens of KB).
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  };

  const stat = async (name: string) => {
    const response = await request("HEAD", name);
    if (response.status === 404) return null;
    if (!response.ok) throw await failure("HEAD", name, response);
    return { size: Number(response.headers.get("content-length") ?? 0) };
  };

  return {
    location: urlOf("").href,
    stat,
    async put(name, bytes) {
      if (await stat(name)) return;
      const headers = {
        "content-type": name.endsWith(".avif") ? "image/avif" : "image/webp",
        "if-none-match": "*",
      };
      const response = await request("PUT", name, bytes, headers);
      if (response.ok || response.status === 412) return void (await response.body?.cancel());
      throw await failure("PUT", name, response);
    },
    async read(name) {
      const response = await request("GET", name);
      if (response.status === 404) {
        // A missing bucket is a misconfiguration, not a missing picture.
        const code = await errorCode(response);
        if (code === "NoSuchKey" || code === "") return null;
        throw await failure("GET", name, response, code);
      }
      const size = Number(response.headers.get("content-length"));
      if (!response.ok || !response.body || !Number.isSafeInteger(size)) {
        throw await failure("GET", name, response);
      }
      return { size, body: response.body };
    },
  };
}
