import { generateKeyPairSync, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import {
  appleClientSecret,
  configuredProviders,
  GOOGLE_DISCOVERY_URL,
  signAppleSecret,
  socialConfigFromEnv,
  splitFullName,
} from "./social-sign-in.ts";

const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const PUBLIC_URL = "https://tienda.example";
const apple = {
  APPLE_CLIENT_ID: "com.example.shop",
  APPLE_TEAM_ID: "TEAM123456",
  APPLE_KEY_ID: "KEY7654321",
};

describe("social sign-in configuration", () => {
  it("configures no provider by default, and each one only when all its variables are set", () => {
    expect(configuredProviders(socialConfigFromEnv(parseEnv({})))).toEqual([]);
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => parseEnv({ ...apple, PUBLIC_URL })).toThrow(/APPLE_PRIVATE_KEY/);
    // The provider sends the shopper back to the one address registered with it.
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" })).toThrow(/PUBLIC_URL/);
    const google = socialConfigFromEnv(
      parseEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret", PUBLIC_URL }),
    );
    expect(configuredProviders(google)).toEqual(["google"]);
    expect(google.google?.discoveryUrl).toBe(GOOGLE_DISCOVERY_URL);
    const both = socialConfigFromEnv(
      parseEnv({
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "secret",
        GOOGLE_DISCOVERY_URL: "http://127.0.0.1:9999/.well-known/openid-configuration",
        ...apple,
        // As an environment file holds it: the line breaks written as \n.
        APPLE_PRIVATE_KEY: pem.replaceAll("\n", "\\n"),
      }),
    );
    expect(configuredProviders(both)).toEqual(["google", "apple"]);
    expect(both.google?.discoveryUrl).toBe("http://127.0.0.1:9999/.well-known/openid-configuration");
    expect(both.apple?.privateKey).toBe(pem);
  });
});

describe("Apple's client secret", () => {
  const config = {
    clientId: apple.APPLE_CLIENT_ID,
    teamId: apple.APPLE_TEAM_ID,
    keyId: apple.APPLE_KEY_ID,
    privateKey: pem,
  };

  it("is an ES256 JWT signed with the shop's key, naming the team, the Services ID and Apple", () => {
    const now = Date.UTC(2026, 10, 26);
    const [header = "", payload = "", signature = ""] = signAppleSecret(config, now).split(".");
    const decode = (part: string): unknown => JSON.parse(Buffer.from(part, "base64url").toString());
    expect(decode(header)).toEqual({ alg: "ES256", kid: "KEY7654321" });
    expect(decode(payload)).toEqual({
      iss: "TEAM123456",
      sub: "com.example.shop",
      aud: "https://appleid.apple.com",
      iat: now / 1000,
      exp: now / 1000 + 180 * 24 * 3600,
    });
    const signed = Buffer.from(`${header}.${payload}`);
    const ok = verify(
      "sha256",
      signed,
      { key: publicKey, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    expect(ok).toBe(true);
  });

  it("is made once and renewed after a day", () => {
    let now = Date.UTC(2026, 10, 26);
    const secret = appleClientSecret(config, () => now);
    const first = secret();
    now += 60 * 60 * 1000;
    expect(secret()).toBe(first);
    now += 24 * 60 * 60 * 1000;
    expect(secret()).not.toBe(first);
  });
});

describe("Apple's joined name", () => {
  it("becomes the shop's name and surnames", () => {
    expect(splitFullName("Ana  Robles Gil")).toEqual({ name: "Ana", lastName: "Robles Gil" });
    expect(splitFullName("Ana")).toEqual({ name: "Ana", lastName: "" });
    expect(splitFullName(undefined)).toEqual({ name: "", lastName: "" });
  });
});
