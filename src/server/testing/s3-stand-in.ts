import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { canonicalQuery, s3Signature, sha256Hex } from "../media/s3-signature.ts";

/** What the stand-in was asked, as it arrived. */
export type S3StandInRequest = { method: string; path: string; status: number };

export const STAND_IN_KEY = {
  accessKeyId: "AKIASTANDINEXAMPLE01",
  secretAccessKey: "stand-in-secret-key-stand-in-secret-key",
  region: "eu-south-2",
};

/** How far a request's x-amz-date may be from the stand-in's clock, as S3 allows. */
const SKEW_MS = 15 * 60_000;

/**
 * A local stand-in for an S3-compatible service (decision 055), answering path-style PutObject
 * (with `If-None-Match: *`), HeadObject, GetObject, DeleteObject (204, there or not) and
 * ListObjectsV2 (`list-type=2`, `prefix`, `continuation-token`; `pageSize` keys a page) for one
 * bucket as the S3 API reference documents them: status codes, Content-Length, ETag, the list's
 * XML, XML error bodies (`NoSuchKey`,
 * `NoSuchBucket`, `PreconditionFailed`, `SignatureDoesNotMatch`, `AccessDenied`). It checks each
 * request's Signature Version 4 by recomputing it with its own copy of the key, and that the
 * signed payload hash is the body's. Objects live in memory.
 *
 * What it cannot prove: that AWS or another provider canonicalises as the shared signing code
 * does (the AWS worked example in s3-signature.test.ts covers that code, not the provider);
 * virtual-hosted addressing, TLS, redirects to another region, throttling (503 SlowDown),
 * eventual behaviours of a real network, and whether a given provider honours conditional writes.
 */
export async function startS3StandIn(bucket = "tienda-fotos", { pageSize = 1000 } = {}) {
  const objects = new Map<string, { bytes: Buffer; type: string; etag: string; writtenAt: Date }>();
  const requests: S3StandInRequest[] = [];
  const server = createServer((request, response) => {
    void answer(request, response).catch(() => {
      response.statusCode = 500;
      response.end();
    });
  });

  const xmlError = (response: ServerResponse, status: number, code: string, method: string) => {
    response.statusCode = status;
    if (method === "HEAD") return response.end();
    response.setHeader("content-type", "application/xml");
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message></Error>`,
    );
  };

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? "";
    const url = new URL(request.url ?? "/", "http://stand-in");
    const path = url.pathname;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    response.on("finish", () => requests.push({ method, path, status: response.statusCode }));

    const refused = signatureProblem(request, method, path, canonicalQuery(url.searchParams), body);
    if (refused) return xmlError(response, 403, refused, method);
    const [, bucketName = "", ...key] = path.split("/");
    if (bucketName !== bucket) return xmlError(response, 404, "NoSuchBucket", method);
    const name = key.join("/");
    if (method === "GET" && name === "" && url.searchParams.get("list-type") === "2") {
      return listObjects(response, url.searchParams);
    }
    const kept = objects.get(name);
    if (method === "DELETE") {
      objects.delete(name);
      response.statusCode = 204;
      return response.end();
    }
    if (method === "PUT") {
      if (request.headers["if-none-match"] === "*" && kept) {
        return xmlError(response, 412, "PreconditionFailed", method);
      }
      const etag = `"${createHash("md5").update(body).digest("hex")}"`;
      objects.set(name, {
        bytes: body,
        type: request.headers["content-type"] ?? "binary/octet-stream",
        etag,
        writtenAt: new Date(),
      });
      response.setHeader("etag", etag);
      return response.end();
    }
    if (method !== "GET" && method !== "HEAD") return xmlError(response, 405, "MethodNotAllowed", method);
    if (!kept) return xmlError(response, 404, "NoSuchKey", method);
    response.setHeader("content-type", kept.type);
    response.setHeader("content-length", kept.bytes.byteLength);
    response.setHeader("etag", kept.etag);
    response.end(method === "HEAD" ? undefined : kept.bytes);
  }

  /** ListObjectsV2: keys in order after the continuation token, `pageSize` at a time. */
  function listObjects(response: ServerResponse, params: URLSearchParams) {
    const prefix = params.get("prefix") ?? "";
    const after = params.get("continuation-token") ?? "";
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, pageSize);
    const truncated = keys.length > page.length;
    const contents = page.map((key) => {
      const kept = objects.get(key);
      return `<Contents><Key>${key}</Key><LastModified>${kept?.writtenAt.toISOString()}</LastModified><ETag>${kept?.etag}</ETag><Size>${kept?.bytes.byteLength}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    });
    response.setHeader("content-type", "application/xml");
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents.join("")}${truncated ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : ""}</ListBucketResult>`,
    );
  }

  /** Why the request's signature is refused (S3's error code), or undefined when it holds. */
  function signatureProblem(
    request: IncomingMessage,
    method: string,
    path: string,
    query: string,
    body: Buffer,
  ) {
    const authorization = request.headers.authorization ?? "";
    const parts =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!parts) return "AccessDenied";
    const [, accessKeyId, day, region, signedHeaders = "", signature] = parts;
    if (accessKeyId !== STAND_IN_KEY.accessKeyId) return "InvalidAccessKeyId";
    const date = String(request.headers["x-amz-date"] ?? "");
    const at = Date.parse(
      date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"),
    );
    if (!Number.isFinite(at) || Math.abs(at - Date.now()) > SKEW_MS) return "RequestTimeTooSkewed";
    if (day !== date.slice(0, 8) || region !== STAND_IN_KEY.region) return "SignatureDoesNotMatch";
    const names = signedHeaders.split(";");
    if (!["host", "x-amz-date", "x-amz-content-sha256"].every((name) => names.includes(name))) {
      return "SignatureDoesNotMatch";
    }
    const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== sha256Hex(body)) return "XAmzContentSHA256Mismatch";
    const headers = Object.fromEntries(names.map((name) => [name, String(request.headers[name] ?? "")]));
    const expected = s3Signature({
      method,
      path,
      query,
      headers,
      payloadHash,
      region: STAND_IN_KEY.region,
      secretAccessKey: STAND_IN_KEY.secretAccessKey,
    });
    return expected.signature === signature ? undefined : "SignatureDoesNotMatch";
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type S3StandIn = Awaited<ReturnType<typeof startS3StandIn>>;
