import { createHash, randomBytes } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";

/** The cookie a browser keeps once it has signed in to an account with its password. */
const DEVICE_COOKIE = "trusted_device";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The account a device cookie is for, without writing its address into the cookie. */
const accountTag = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);

function deviceCookie(ctx: Ctx) {
  return ctx.context.createAuthCookie(DEVICE_COOKIE, { maxAge: YEAR_SECONDS, path: "/api/auth" });
}

/**
 * The device this sign-in comes from, when the browser signed in to this very account before
 * (its signed cookie names the account): the password limits count it on its own (OWASP's
 * "device cookies"), so an attacker's failures from elsewhere never lock the owner's own browser
 * out (issue 31). Undefined for any other browser, or a cookie for another account.
 */
export async function trustedDeviceOf(ctx: Ctx, email: string): Promise<string | undefined> {
  const cookie = deviceCookie(ctx);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (typeof value !== "string") return undefined;
  const [device, tag] = value.split(":");
  return device && tag === accountTag(email) ? device : undefined;
}

/**
 * Gives a browser that has just signed in with the account's password a device cookie for that
 * account (signed, HttpOnly, a year), unless it holds one for it already.
 */
export function trustedDevices(): BetterAuthPlugin {
  return {
    id: "shop-trusted-devices",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession?.user;
            if (!signedIn || (await trustedDeviceOf(ctx, signedIn.email))) return;
            const cookie = deviceCookie(ctx);
            const device = randomBytes(16).toString("base64url");
            await ctx.setSignedCookie(
              cookie.name,
              `${device}:${accountTag(signedIn.email)}`,
              ctx.context.secret,
              cookie.attributes,
            );
          }),
        },
      ],
    },
  };
}
