import { passkey } from "@better-auth/passkey";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { brand } from "#shared/brand.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import {
  refuseBadName,
  refuseMalformedAnswer,
  refuseUnprovenAccount,
  unverifiedRegistration,
} from "./passkeys-guards.ts";
import { relyingPartyOrigin } from "./passkeys-relying-party.ts";

const REGISTER_OPTIONS = "/passkey/generate-register-options";
const REGISTER = "/passkey/verify-registration";
const SIGN_IN_OPTIONS = "/passkey/generate-authenticate-options";
const SIGN_IN = "/passkey/verify-authentication";

/** Adding a passkey: its options, then the browser's answer (both need a proven account). */
const REGISTRATION_PATHS = new Set([REGISTER_OPTIONS, REGISTER]);
/** Signing in: the challenge, then the signed answer. */
const SIGN_IN_PATHS = new Set([SIGN_IN_OPTIONS, SIGN_IN]);
/** The steps the browser's authenticator takes part in: they need the relying party. */
const CEREMONY_PATHS = new Set([...REGISTRATION_PATHS, ...SIGN_IN_PATHS]);

export const PASSKEY_LIMITS = {
  /** Challenges and answers from one address a minute: the login page asks one per view. */
  signInPerAddress: { window: 60, max: 30 },
  /** Passkeys added from one address a minute. */
  registrationPerAddress: { window: 60, max: 10 },
} as const;

type HookContext = { path?: string };
const on = (paths: ReadonlySet<string>) => (ctx: HookContext) => paths.has(ctx.path ?? "");

/**
 * Passkeys (issue 28, decision 036): better-auth's passkey plugin, set for the shop. A passkey
 * is a way into the account, so only an account whose address is proven may add one; the
 * relying party is the address the shopper's browser uses (PUBLIC_URL's host when it is set),
 * as the shop's origin policy decides for every write. Its sign-in makes a session as the
 * other sign-ins do: better-auth's anonymous plugin (guest.ts) moves a guest's rows after
 * `/passkey/verify-authentication` as after any sign-in, and the session cache hears of
 * changes through the same database hooks.
 */
export function passkeySignIn({ origins }: { origins: OriginPolicy }): BetterAuthPlugin {
  const plugin = passkey({
    rpName: brand.shopName,
    // Discoverable credentials: the shopper signs in without typing an address first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const { signInPerAddress, registrationPerAddress } = PASSKEY_LIMITS;
  return {
    ...plugin,
    // A registration the plugin could not verify is the browser's answer's fault: 400, not 500.
    onResponse: async (response) => {
      const refusal = await unverifiedRegistration(response);
      return refusal ? { response: refusal } : undefined;
    },
    rateLimit: [
      { pathMatcher: (path) => SIGN_IN_PATHS.has(path), ...signInPerAddress },
      { pathMatcher: (path) => REGISTRATION_PATHS.has(path), ...registrationPerAddress },
    ],
    hooks: {
      before: [
        {
          matcher: on(CEREMONY_PATHS),
          handler: createAuthMiddleware(async (ctx) => {
            // The plugin names the relying party after `baseURL`'s host: this request's own.
            const baseURL = relyingPartyOrigin(origins, ctx.request);
            return { context: { context: { options: { baseURL } } } };
          }),
        },
        {
          matcher: on(REGISTRATION_PATHS),
          handler: createAuthMiddleware(async (ctx) => {
            refuseUnprovenAccount((await getSessionFromCtx(ctx, { disableRefresh: true }))?.user);
          }),
        },
        {
          matcher: on(new Set([REGISTER, "/passkey/update-passkey"])),
          handler: createAuthMiddleware(async (ctx) => refuseBadName(ctx.body)),
        },
        {
          matcher: on(new Set([REGISTER, SIGN_IN])),
          handler: createAuthMiddleware(async (ctx) => refuseMalformedAnswer(ctx.body)),
        },
      ],
    },
  };
}
