import { availableParallelism } from "node:os";
import { z } from "zod";
import { brand } from "#shared/brand.ts";
import { type ProxyTrust, parseAddressList, parseProxyTrust } from "./http/client-address.ts";

/** The only reader of process.env: parsed once, failing fast with a readable message. */
const envSchema = z.object({
  /** production: the shop must be told how it takes payments (PAYMENTS or STRIPE_SECRET_KEY). */
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /**
   * "test": the built-in test cards, nothing is charged, every page says so. "stripe": Stripe
   * (needs STRIPE_SECRET_KEY). Unset: Stripe when its key is set, else test cards outside production.
   */
  PAYMENTS: z.enum(["test", "stripe"]).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /**
   * Who may read `/metrics` (issue 31): addresses and CIDR networks ("10.0.0.0/8, ::1"; loopback
   * when unset), and anyone with METRICS_TOKEN as a bearer token.
   */
  METRICS_ALLOW: z
    .string()
    .optional()
    .superRefine((allow, context) => {
      const list = allow === undefined ? undefined : parseAddressList(allow);
      if (typeof list === "string") context.addIssue({ code: "custom", message: list });
    }),
  METRICS_TOKEN: z.string().min(32).optional(),
  /**
   * How long a process told to stop goes on answering, not ready (`/api/health/ready` 503), before
   * it closes: the time a load balancer takes to notice (issue 31). 0 answers nothing more.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  /**
   * The proxies in front of the shop, whose X-Forwarded-For and X-Forwarded-Proto are believed
   * (issue 31): their addresses and networks ("127.0.0.1, 10.0.0.0/8"), or how many hops ("1").
   * Unset: none; every client is the socket's peer, and those headers are ignored.
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((setting, context): ProxyTrust => {
      const trust = parseProxyTrust(setting);
      if (typeof trust !== "string") return trust;
      context.addIssue({ code: "custom", message: trust });
      return z.NEVER;
    }),
  /**
   * The one origin shoppers use (canonical URLs, sitemap, hreflang, mail links, writes). Without it
   * the shop answers at any address it is reached at (see http/origin-policy.ts).
   */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL server; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().startsWith("postgres").optional(),
  DATA_DIR: z.string().default("./data"),
  /**
   * Where pictures uploaded in the back office are kept (decision 055): "directory", in
   * DATA_DIR/media/uploads (several machines must share it), or "s3", an S3-compatible bucket
   * (the S3_ variables).
   */
  PICTURE_STORE: z.enum(["directory", "s3"]).default("directory"),
  /** The S3-compatible service's address (https://s3.eu-west-1.amazonaws.com, http://minio:9000). */
  S3_ENDPOINT: z.url().optional(),
  /** The bucket, addressed path-style (endpoint/bucket/key). */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "a bucket name: lower-case letters, digits, dots and hyphens",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** A temporary key's session token, if the key is one. */
  S3_SESSION_TOKEN: z.string().min(1).optional(),
  /** Where in the bucket the pictures go: folders ending in "/". */
  S3_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)+$/, 'folders ending in "/", such as "media/uploads/"')
    .default("media/uploads/"),
  /** Signs session cookies; without it one is made and kept in DATA_DIR. */
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  /** Bearer token of the operator's machine work (`npm run test-payments`); else one is kept in DATA_DIR. */
  OPERATOR_TOKEN: z.string().min(32).optional(),
  /** Outgoing mail server (smtp:// or smtps://); without it mail is written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  /** The From of the shop's mail. */
  MAIL_FROM: z.string().default(`${brand.shopName} <${brand.contact.noReply}>`),
  /** Payments through Stripe; without it the built-in test provider takes payments. */
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  /**
   * Stripe.js's key, given to the browser for Stripe's Payment Element (decision 034); required
   * whenever Stripe takes the payments, from the same mode (test or live) as STRIPE_SECRET_KEY.
   */
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_").optional(),
  /** Signing secret of the Stripe webhook endpoint (/api/payments/stripe/webhook). */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  /** Another address for the Stripe API: only for a local stand-in in tests. */
  STRIPE_API_BASE: z.url().optional(),
  /** "off" only for automated test runs, whose every request comes from one address. */
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  /**
   * "off": every page rendered for its request, as before decision 018 (to compare, or to rule
   * the cache out when something looks stale).
   */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /**
   * The kept pages' bytes at most, every form of every page (64 MiB: the built-in catalogue's 480
   * pages take ~20 MB); a big catalogue's long tail may want more of the machine's memory.
   */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(16_384).default(64),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Server processes sharing the port and the database: a number, or "auto" for one per core on
   * PostgreSQL. Above 1 it needs DATABASE_URL: the embedded database lives in one process
   * (decision 027).
   */
  WORKERS: z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)]).default(1),
  /** Sign-in with Google (both or neither; decision 033). Without them no Google button shows. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Where "Google" publishes its OpenID configuration: Google's own unless set. Only for tests
   * and staging, to put a local OpenID Connect provider in Google's place.
   */
  GOOGLE_DISCOVERY_URL: z.url().optional(),
  /**
   * Sign in with Apple (all four or none): the Services ID, the team, and the key the shop signs
   * its client secret with (a .p8 PEM; "\n" may stand for its line breaks).
   */
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
});

const APPLE_VARIABLES = ["APPLE_CLIENT_ID", "APPLE_TEAM_ID", "APPLE_KEY_ID", "APPLE_PRIVATE_KEY"] as const;
const S3_VARIABLES = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** The environment as read, with WORKERS settled to a number. */
const settledEnv = envSchema
  .refine((env) => env.WORKERS === "auto" || env.WORKERS === 1 || env.DATABASE_URL !== undefined, {
    path: ["WORKERS"],
    message:
      "more than one worker needs DATABASE_URL (PostgreSQL): the embedded database lives in one process",
  })
  .refine((env) => (env.GOOGLE_CLIENT_ID === undefined) === (env.GOOGLE_CLIENT_SECRET === undefined), {
    path: ["GOOGLE_CLIENT_ID"],
    message: "Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (or neither)",
  })
  .refine((env) => (!env.GOOGLE_CLIENT_ID && !env.APPLE_CLIENT_ID) || env.PUBLIC_URL !== undefined, {
    path: ["PUBLIC_URL"],
    message:
      "signing in with Google or Apple needs PUBLIC_URL: the provider sends shoppers back to the address registered with it",
  })
  .refine((env) => env.PICTURE_STORE !== "s3" || S3_VARIABLES.every((name) => env[name] !== undefined), {
    path: ["PICTURE_STORE"],
    message: `PICTURE_STORE=s3 needs ${S3_VARIABLES.join(", ")}`,
  })
  .refine((env) => new Set(APPLE_VARIABLES.map((name) => env[name] === undefined)).size === 1, {
    path: ["APPLE_CLIENT_ID"],
    message: `Apple sign-in needs all of ${APPLE_VARIABLES.join(", ")} (or none)`,
  })
  .transform((env) => ({
    ...env,
    WORKERS: env.WORKERS !== "auto" ? env.WORKERS : env.DATABASE_URL ? availableParallelism() : 1,
  }));

export type Env = z.output<typeof settledEnv>;

/** A variable set to nothing (`SMTP_URL=` in an env file) is a variable not set. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = settledEnv.safeParse(given);
  if (!result.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
