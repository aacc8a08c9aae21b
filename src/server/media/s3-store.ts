import { uploadedFilePattern } from "#catalog/art/media-paths.ts";
import { assertPictureName, type KeptFile, type PictureStore } from "./picture-store.ts";
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
 * (`endpoint/bucket/prefix+name`) signed with Signature Version 4: PutObject, HeadObject,
 * GetObject, and for the sweep of unused pictures ListObjectsV2 and DeleteObject. A file is
 * written only when HeadObject does not find it, and with `If-None-Match: *`, so a store that
 * honours conditional writes never replaces one (412 is "kept already"); a PutObject is whole or
 * absent in S3 itself. The shop serves the files at its own /media/uploads, so the bucket needs no
 * public access. The key needs s3:PutObject, s3:GetObject, s3:DeleteObject and s3:ListBucket
 * (which also makes a missing file a 404 rather than a 403).
 */
export function s3PictureStore(config: S3StoreConfig): PictureStore {
  const send = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  const base = config.endpoint.endsWith("/") ? config.endpoint : `${config.endpoint}/`;
  const urlOf = (name: string) => new URL(`${config.bucket}/${config.prefix}${name}`, base);
  const request = (method: string, name: string, body?: Uint8Array, headers: Record<string, string> = {}) => {
    assertPictureName(name);
    return requestAt(method, urlOf(name), body, headers);
  };
  const requestAt = (method: string, url: URL, body?: Uint8Array, headers: Record<string, string> = {}) => {
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
    async list() {
      const kept: KeptFile[] = [];
      let token: string | undefined;
      do {
        const url = new URL(`${config.bucket}`, base);
        url.searchParams.set("list-type", "2");
        url.searchParams.set("prefix", config.prefix);
        if (token) url.searchParams.set("continuation-token", token);
        const response = await requestAt("GET", url);
        if (!response.ok) throw await failure("LIST", config.prefix, response);
        const page = listPage(await response.text(), config.prefix);
        kept.push(...page.files);
        token = page.next;
      } while (token);
      return kept;
    },
    async remove(name) {
      // DeleteObject answers 204 whether or not the key was there.
      const response = await request("DELETE", name);
      if (!response.ok) throw await failure("DELETE", name, response);
      await response.body?.cancel();
    },
  };
}

const xmlText = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/**
 * One page of ListObjectsV2's XML: the picture files under the prefix (anything else there is
 * not ours to sweep), and the continuation token when the list is truncated.
 */
export function listPage(xml: string, prefix: string): { files: KeptFile[]; next: string | undefined } {
  const files: KeptFile[] = [];
  for (const [, contents = ""] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = xmlText(/<Key>([^<]*)<\/Key>/.exec(contents)?.[1] ?? "");
    const writtenAt = new Date(/<LastModified>([^<]*)<\/LastModified>/.exec(contents)?.[1] ?? "");
    const name = key.startsWith(prefix) ? key.slice(prefix.length) : "";
    if (uploadedFilePattern.test(name) && Number.isFinite(writtenAt.getTime()))
      files.push({ name, writtenAt });
  }
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { files, next: truncated && next ? xmlText(next) : undefined };
}
