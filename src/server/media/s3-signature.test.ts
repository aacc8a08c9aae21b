import { describe, expect, it } from "vitest";
import {
  amzDate,
  canonicalQuery,
  EMPTY_PAYLOAD_SHA256,
  s3Signature,
  sha256Hex,
  signedS3Headers,
} from "./s3-signature.ts";

/** AWS's worked example of a signed S3 request (Amazon S3 API reference, "GET Object"). */
const EXAMPLE = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
  at: new Date("2013-05-24T00:00:00Z"),
};

describe("S3 Signature Version 4", () => {
  it("signs AWS's example GET of /test.txt exactly as AWS documents it", () => {
    expect(sha256Hex("")).toBe(EMPTY_PAYLOAD_SHA256);
    expect(amzDate(EXAMPLE.at)).toBe("20130524T000000Z");
    const signed = s3Signature({
      method: "GET",
      path: "/test.txt",
      headers: {
        host: "examplebucket.s3.amazonaws.com",
        range: "bytes=0-9",
        "x-amz-content-sha256": EMPTY_PAYLOAD_SHA256,
        "x-amz-date": "20130524T000000Z",
      },
      payloadHash: EMPTY_PAYLOAD_SHA256,
      region: EXAMPLE.region,
      secretAccessKey: EXAMPLE.secretAccessKey,
    });
    expect(signed).toEqual({
      scope: "20130524/us-east-1/s3/aws4_request",
      signedHeaders: "host;range;x-amz-content-sha256;x-amz-date",
      signature: "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    });
  });

  it("signs AWS's example list of a bucket (GET /?max-keys=2&prefix=J) as AWS documents it", () => {
    const url = new URL("https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2");
    expect(canonicalQuery(url.searchParams)).toBe("max-keys=2&prefix=J");
    const headers = signedS3Headers(
      { method: "GET", url, payloadHash: EMPTY_PAYLOAD_SHA256 },
      { accessKeyId: EXAMPLE.accessKeyId, secretAccessKey: EXAMPLE.secretAccessKey, region: EXAMPLE.region },
      EXAMPLE.at,
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
    );
  });

  it("encodes a query as RFC 3986 says, names then values sorted", () => {
    const params = new URLSearchParams([
      ["prefix", "media/uploads/"],
      ["list-type", "2"],
      ["continuation-token", "1/x+y=(z)*!'"],
    ]);
    expect(canonicalQuery(params)).toBe(
      "continuation-token=1%2Fx%2By%3D%28z%29%2A%21%27&list-type=2&prefix=media%2Fuploads%2F",
    );
    expect(canonicalQuery(new URLSearchParams())).toBe("");
  });

  it("gives fetch the same signature as headers, Host left for fetch to send", () => {
    const headers = signedS3Headers(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: EMPTY_PAYLOAD_SHA256,
      },
      EXAMPLE,
      EXAMPLE.at,
    );
    expect(headers).toEqual({
      range: "bytes=0-9",
      "x-amz-date": "20130524T000000Z",
      "x-amz-content-sha256": EMPTY_PAYLOAD_SHA256,
      authorization:
        "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    });
  });
});
