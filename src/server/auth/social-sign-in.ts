import { sign } from "node:crypto";
import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import { z } from "zod";
import {
  SOCIAL_ERROR_LANDING,
  type SocialProvider,
  socialProviderIds,
} from "#shared/api/social-sign-in-contract.ts";
import type { Env } from "../env.ts";

/** Google's OpenID configuration, unless GOOGLE_DISCOVERY_URL puts a stand-in in its place. */
export const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

export type SocialSignInConfig = {
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  apple?: { clientId: string; teamId: string; keyId: string; privateKey: string };
};

/** The providers the environment configures (env.ts checks each is whole or absent). */
export function socialConfigFromEnv(env: Env): SocialSignInConfig {
  const config: SocialSignInConfig = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    config.google = {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      discoveryUrl: env.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY_URL,
    };
  }
  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) {
    config.apple = {
      clientId: env.APPLE_CLIENT_ID,
      teamId: env.APPLE_TEAM_ID,
      keyId: env.APPLE_KEY_ID,
      privateKey: env.APPLE_PRIVATE_KEY.replaceAll("\\n", "\n"),
    };
  }
  return config;
}

/** The configured providers, in the order their buttons show. */
export function configuredProviders(config: SocialSignInConfig): SocialProvider[] {
  return socialProviderIds.filter((id) => config[id] !== undefined);
}

/** The refusal of what waits for a proven address (connecting a provider; sign-in links). */
export const ADDRESS_NOT_PROVEN = "ADDRESS_NOT_PROVEN";

/** Apple answers with a form posted from its own origin (response_mode=form_post). */
/**
 * Sign-ins and links started per client address a minute: each start stores a state row, and a
 * person starts a few where a script starts thousands.
 */
export const SOCIAL_STARTS = { limit: 30, windowMs: 60_000 };

const startedSchema = z.object({ url: z.string() });

/**
 * The provider's address better-auth gives for a sign-in or link it started (`disableRedirect`),
 * or undefined when it did not start one.
 */
export async function providerAddressOf(started: Response | null): Promise<string | undefined> {
  if (!started?.ok) return undefined;
  const body = startedSchema.safeParse(await started.json().catch(() => undefined));
  return body.success ? body.data.url : undefined;
}

export const APPLE_ORIGIN = "https://appleid.apple.com";
/** The callback Apple posts to: the one write the shop takes from another site (decision 033). */
export const PROVIDER_POSTED_CALLBACKS: readonly string[] = ["/api/auth/callback/apple"];

/**
 * better-auth's options for signing in with Google and Apple (decision 033): Google as an OpenID
 * Connect provider found by discovery (so tests and staging can put a local provider in its
 * place), Apple as better-auth's own provider with the client secret the shop signs. An account
 * with the same e-mail is joined only when the provider says it verified the address and the
 * account proved it too; the new account waits for its names and the terms (`profilePending`).
 */
export function socialSignInOptions(config: SocialSignInConfig) {
  const plugins: BetterAuthPlugin[] = [pendingProfileOnSocialSignUp(), provenBeforeLinking()];
  if (config.google) {
    const { clientId, clientSecret, discoveryUrl } = config.google;
    plugins.push(
      genericOAuth({
        config: [
          {
            providerId: "google",
            name: "Google",
            clientId,
            clientSecret,
            discoveryUrl,
            // The identity comes from the ID token's claims: never accept one unverified.
            requireIdTokenVerification: true,
            scopes: ["openid", "email", "profile"],
            mapProfileToUser: (profile) => ({
              name: claim(profile.given_name) ?? "",
              lastName: claim(profile.family_name) ?? "",
            }),
          },
        ],
      }),
    );
  }
  const appleSecret = config.apple && appleClientSecret(config.apple);
  const socialProviders: BetterAuthOptions["socialProviders"] = config.apple
    ? {
        apple: {
          clientId: config.apple.clientId,
          // Read on each use (a getter), so a long-running shop renews it itself.
          get clientSecret() {
            return appleSecret?.() ?? "";
          },
          // Apple sends the names once, on the first sign-in, beside the ID token; better-auth
          // joins them as "first last". The welcome step lets the shopper correct the split.
          mapProfileToUser: (profile) => splitFullName(profile.name),
        },
      }
    : {};
  return {
    plugins,
    socialProviders,
    account: {
      accountLinking: {
        enabled: true,
        // No provider is trusted by name: an existing account is joined only when the provider
        // says it verified the e-mail, and only once the account proved it too (a code at
        // sign-up, a reset, a provider: issue 28). Until then the shopper is asked for the
        // password (`account_not_linked`): whoever registered the address may not be its owner.
        trustedProviders: [],
        requireLocalEmailVerified: true,
        // Only a shopper signed in, with a proven address, links a provider by hand
        // (/api/social/links): the provider's address may then differ (an Apple relay address).
        // Joining by address needs it equal.
        allowDifferentEmails: true,
      },
    },
    // A callback refused before its own error address is known (a state that does not match).
    onAPIError: { errorURL: SOCIAL_ERROR_LANDING },
    trustedOrigins: config.apple ? [APPLE_ORIGIN] : [],
  };
}

/** "First Last" as the shop's two fields (the first word, the rest). */
export function splitFullName(full: unknown): { name: string; lastName: string } {
  const words = (claim(full) ?? "").split(/\s+/).filter(Boolean);
  return { name: words[0] ?? "", lastName: words.slice(1).join(" ") };
}

function claim(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 120) : undefined;
}

/**
 * Every account a provider's callback creates starts pending: it is usable once the shopper has
 * accepted the terms and confirmed their names (/login?bienvenida, `completeSocialSignUp`).
 */
function pendingProfileOnSocialSignUp(): BetterAuthPlugin {
  return {
    id: "shop-social-sign-up",
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            create: {
              before: async (user, context) =>
                isProviderSignIn(context?.path) ? { data: { ...user, profilePending: true } } : undefined,
            },
          },
        },
      },
    }),
  };
}

/**
 * Connecting a provider by hand (`/link-social`, decision 033) waits until the account has proven
 * its address (issue 28): otherwise whoever registered someone else's address could connect
 * their own Google and keep it after the owner took the account back.
 */
function provenBeforeLinking(): BetterAuthPlugin {
  return {
    id: "shop-social-link-proven",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/link-social",
          handler: createAuthMiddleware(async (ctx) => {
            const current = await getSessionFromCtx(ctx, { disableRefresh: true });
            if (current && !current.user.emailVerified) {
              throw new APIError("FORBIDDEN", {
                code: ADDRESS_NOT_PROVEN,
                message: "Prove the address first",
              });
            }
          }),
        },
      ],
    },
  };
}

/** The endpoints that create an account from a provider's word: its callback, or an ID token sent to /sign-in/social. */
function isProviderSignIn(path: string | undefined): boolean {
  return path !== undefined && (path.startsWith("/callback/") || path === "/sign-in/social");
}

const APPLE_SECRET_LIFETIME_S = 180 * 24 * 60 * 60; // Apple accepts at most six months.
const APPLE_SECRET_RENEWAL_MS = 24 * 60 * 60 * 1000;

/**
 * Apple's client secret is a JWT the shop signs with its key (ES256): made here, renewed daily,
 * so it never needs a manual renewal. better-auth reads `clientSecret` on each use.
 */
export function appleClientSecret(
  apple: NonNullable<SocialSignInConfig["apple"]>,
  now: () => number = Date.now,
): () => string {
  let made = { at: Number.NEGATIVE_INFINITY, secret: "" };
  return () => {
    if (now() - made.at > APPLE_SECRET_RENEWAL_MS)
      made = { at: now(), secret: signAppleSecret(apple, now()) };
    return made.secret;
  };
}

export function signAppleSecret(apple: NonNullable<SocialSignInConfig["apple"]>, nowMs: number): string {
  const issuedAt = Math.floor(nowMs / 1000);
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
  const unsigned = `${encode({ alg: "ES256", kid: apple.keyId })}.${encode({
    iss: apple.teamId,
    iat: issuedAt,
    exp: issuedAt + APPLE_SECRET_LIFETIME_S,
    aud: APPLE_ORIGIN,
    sub: apple.clientId,
  })}`;
  const signature = sign("sha256", Buffer.from(unsigned), {
    key: apple.privateKey,
    dsaEncoding: "ieee-p1363",
  });
  return `${unsigned}.${signature.toString("base64url")}`;
}
