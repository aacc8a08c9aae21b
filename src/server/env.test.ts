import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";
import { createOriginPolicy } from "./http/origin-policy.ts";

const publicOrigin = (env: ReturnType<typeof parseEnv>) =>
  createOriginPolicy({ publicUrl: env.PUBLIC_URL, port: env.PORT }).publicOrigin;

describe("parseEnv", () => {
  it("defaults to port 3000 and the embedded database", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("./data");
    expect(publicOrigin(env)).toBe("http://localhost:3000");
  });

  it("reads a PostgreSQL URL and a public origin", () => {
    const env = parseEnv({
      DATABASE_URL: "postgres://u@db/shop",
      PUBLIC_URL: "https://tienda.example/",
      PORT: "8080",
    });
    expect(env.DATABASE_URL).toBe("postgres://u@db/shop");
    expect(publicOrigin(env)).toBe("https://tienda.example");
  });

  it("trusts no proxy unless told, and stops on a proxy setting it cannot read (issue 31)", () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual({ kind: "none" });
    expect(parseEnv({ TRUSTED_PROXIES: "1" }).TRUSTED_PROXIES).toEqual({ kind: "hops", count: 1 });
    expect(parseEnv({ TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8" }).TRUSTED_PROXIES.kind).toBe("addresses");
    expect(() => parseEnv({ TRUSTED_PROXIES: "the-load-balancer" })).toThrow(/TRUSTED_PROXIES/);
    expect(parseEnv({}).SHUTDOWN_DELAY_SECONDS).toBe(0);
    expect(() => parseEnv({ SHUTDOWN_DELAY_SECONDS: "-1" })).toThrow(/SHUTDOWN_DELAY_SECONDS/);
    expect(() => parseEnv({ METRICS_ALLOW: "everyone" })).toThrow(/METRICS_ALLOW/);
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });

  it("keeps pictures in DATA_DIR unless told to use an S3-compatible bucket, and then needs its settings", () => {
    expect(parseEnv({}).PICTURE_STORE).toBe("directory");
    expect(() => parseEnv({ PICTURE_STORE: "s3", S3_BUCKET: "fotos" })).toThrow(/PICTURE_STORE=s3 needs/);
    const s3 = {
      PICTURE_STORE: "s3",
      S3_ENDPOINT: "https://s3.eu-south-2.amazonaws.com",
      S3_BUCKET: "tienda-fotos",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(parseEnv(s3)).toMatchObject({ S3_REGION: "us-east-1", S3_PREFIX: "media/uploads/" });
    expect(() => parseEnv({ ...s3, S3_BUCKET: "Tienda_Fotos" })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ ...s3, S3_PREFIX: "../fotos" })).toThrow(/S3_PREFIX/);
    expect(parseEnv({ ...s3, S3_PREFIX: "tienda/fotos/" }).S3_PREFIX).toBe("tienda/fotos/");
  });

  it("reads .env.example, its empty lines as unset (the recipe stays valid)", () => {
    const example = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
    const source = Object.fromEntries(
      example
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    expect(Object.keys(source).length).toBeGreaterThan(20);
    const env = parseEnv(source);
    expect(env.BETTER_AUTH_SECRET).toBeUndefined();
    expect(env.TRUSTED_PROXIES.kind).toBe("addresses");
    expect(publicOrigin(env)).toBe("https://tienda.example");
  });

  it("fails fast with a readable message", () => {
    expect(() => parseEnv({ PORT: "seventy" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("runs one process unless told, and several only on PostgreSQL", () => {
    expect(parseEnv({}).WORKERS).toBe(1);
    expect(parseEnv({ WORKERS: "auto" }).WORKERS).toBe(1);
    expect(parseEnv({ WORKERS: "3", DATABASE_URL: "postgres://u@db/shop" }).WORKERS).toBe(3);
    expect(parseEnv({ WORKERS: "auto", DATABASE_URL: "postgres://u@db/shop" }).WORKERS).toBe(
      availableParallelism(),
    );
    expect(() => parseEnv({ WORKERS: "2" })).toThrow(
      /more than one worker needs DATABASE_URL[\s\S]*at WORKERS/,
    );
    expect(() => parseEnv({ WORKERS: "0", DATABASE_URL: "postgres://u@db/shop" })).toThrow(/WORKERS/);
    expect(() => parseEnv({ WORKERS: "many", DATABASE_URL: "postgres://u@db/shop" })).toThrow(/WORKERS/);
  });

  it("bounds the kept pages at 64 MiB unless told, and refuses a bound it cannot read", () => {
    expect(parseEnv({}).PAGE_CACHE_MAX_MB).toBe(64);
    expect(parseEnv({ PAGE_CACHE_MAX_MB: "512" }).PAGE_CACHE_MAX_MB).toBe(512);
    for (const bad of ["0", "-5", "1.5", "lots"]) {
      expect(() => parseEnv({ PAGE_CACHE_MAX_MB: bad })).toThrow(/PAGE_CACHE_MAX_MB/);
    }
  });
});
