import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import {
  SOCIAL_LINK_ERROR_LANDING,
  SOCIAL_LINK_LANDING,
  type SocialLinkStart,
  type SocialLinksAnswer,
  socialProviderSchema,
} from "#shared/api/social-sign-in-contract.ts";
import type { Database } from "../db/client.ts";
import { account } from "../db/schema.ts";
import { rateLimit } from "../http/rate-limit.ts";
import { apiError } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import type { Auth } from "./auth.ts";
import { requireUser, type SessionReader } from "./require-user.ts";
import { configuredProviders, type SocialSignInConfig } from "./social-sign-in.ts";

type SocialLinksDeps = {
  auth: Auth;
  db: Database;
  sessions: SessionReader;
  social: SocialSignInConfig;
  logger: Logger;
};

/**
 * Connecting Google or Apple to the signed-in account, and disconnecting it (decision 033): the
 * shopper proved the account by signing in, so the provider's address need not be the account's
 * (an Apple relay address, another Gmail). Connecting is better-auth's `/link-social`, started
 * here as JSON (the browser then goes to the provider: a form's redirect would meet the page's
 * CSP `form-action`); disconnecting is its `/unlink-account`, which asks for a recent sign-in and
 * never takes away the account's last way in.
 */
export function socialLinkRoutes({ auth, db, sessions, social, logger }: SocialLinksDeps) {
  const providers = configuredProviders(social);
  const providerOf = (value: string) => {
    const parsed = socialProviderSchema.safeParse(value);
    return parsed.success && providers.includes(parsed.data) ? parsed.data : null;
  };
  return new Hono()
    .use(requireUser(sessions))
    .get("/", async (c) => {
      const rows = await db
        .select({ providerId: account.providerId })
        .from(account)
        .where(eq(account.userId, c.get("user").id));
      const ways = new Set(rows.map((row) => row.providerId));
      return c.json({
        links: providers.map((provider) => ({ provider, linked: ways.has(provider) })),
        hasPassword: ways.has("credential"),
      } satisfies SocialLinksAnswer);
    })
    .post("/:provider", rateLimit({ limit: 30, windowMs: 60_000 }), async (c) => {
      const provider = providerOf(c.req.param("provider"));
      if (!provider) return c.json(apiError("not-found", "No such provider"), 404);
      const started = await auth.api
        .linkSocialAccount({
          body: {
            provider,
            callbackURL: `${SOCIAL_LINK_LANDING}${provider}`,
            errorCallbackURL: SOCIAL_LINK_ERROR_LANDING,
            disableRedirect: true,
          },
          headers: c.req.raw.headers,
          asResponse: true,
        })
        .catch((error: unknown) => {
          logger.warn({ err: error, provider }, "social link could not start");
          return null;
        });
      const url = started?.ok ? ((await started.json()) as { url?: unknown }).url : undefined;
      if (!started || typeof url !== "string") {
        return c.json(apiError("provider-unavailable", "The provider cannot be reached"), 503);
      }
      // The state cookie ties the provider's answer to this browser and this account.
      for (const cookie of started.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
      return c.json({ url } satisfies SocialLinkStart);
    })
    .delete("/:provider", async (c) => {
      const provider = providerOf(c.req.param("provider"));
      if (!provider) return c.json(apiError("not-found", "No such provider"), 404);
      const [linked] = await db
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, c.get("user").id), eq(account.providerId, provider)));
      if (!linked) return c.json(apiError("not-linked", "Not connected"), 404);
      try {
        await auth.api.unlinkAccount({ body: { accountId: linked.id }, headers: c.req.raw.headers });
      } catch (error) {
        const code = error instanceof APIError ? error.body?.code : undefined;
        if (code === "FAILED_TO_UNLINK_LAST_ACCOUNT")
          return c.json(apiError("last-way-in", "The account's only way in stays"), 409);
        if (code === "SESSION_NOT_FRESH")
          return c.json(apiError("sign-in-again", "Sign in again before disconnecting"), 403);
        throw error;
      }
      return c.json({ provider, linked: false });
    });
}
