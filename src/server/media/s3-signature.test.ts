import { describe, expect, it } from "vitest";
import { amzDate, EMPTY_PAYLOAD_SHA256, s3Signature, sha256Hex, signedS3Headers } from "./s3-signature.ts";

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
