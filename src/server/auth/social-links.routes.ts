import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import {
  ADDRESS_NOT_PROVEN_LINK_ERROR,
  SOCIAL_LINK_ERROR_LANDING,
  SOCIAL_LINK_LANDING,
  type SocialLinksAnswer,
  socialProviderSchema,
} from "#shared/api/social-sign-in-contract.ts";
import { paths } from "#shared/paths.ts";
import type { Database } from "../db/client.ts";
import { account, user } from "../db/schema.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import { type RequestLimits, rateLimit } from "../http/rate-limit.ts";
import { requestSource } from "../http/same-origin-writes.ts";
import { apiError } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import type { Auth } from "./auth.ts";
import { requireUser, type SessionReader } from "./require-user.ts";
import { PROVIDER_UNAVAILABLE } from "./social.routes.ts";
import {
  configuredProviders,
  providerAddressOf,
  SOCIAL_STARTS,
  type SocialSignInConfig,
} from "./social-sign-in.ts";

type SocialLinksDeps = {
  auth: Auth;
  db: Database;
  sessions: SessionReader;
  social: SocialSignInConfig;
  logger: Logger;
  /** Which origins are the shop's own (a link is started from its pages only). */
  origins: OriginPolicy;
  limits: RequestLimits;
};

/**
 * Connecting Google or Apple to the signed-in account, and disconnecting it (decision 033): the
 * shopper proved the account by signing in and its address by a code or a reset (issue 28), so
 * the provider's address need not be the account's (an Apple relay address, another Gmail). Connecting is better-auth's `/link-social`, started
 * by a plain link that answers with the way to the provider; disconnecting is its
 * `/unlink-account`, which asks for a recent sign-in and never takes away the last way in.
 */
export function socialLinkRoutes({ auth, db, sessions, social, logger, origins, limits }: SocialLinksDeps) {
  const providers = configuredProviders(social);
  const providerOf = (value: string) => {
    const parsed = socialProviderSchema.safeParse(value);
    return parsed.success && providers.includes(parsed.data) ? parsed.data : null;
  };
  const signedIn = requireUser(sessions);
  return (
    new Hono()
      .get("/", signedIn, async (c) => {
        const userId = c.get("user").id;
        const rows = await db
          .select({ providerId: account.providerId })
          .from(account)
          .where(eq(account.userId, userId));
        const ways = new Set(rows.map((row) => row.providerId));
        return c.json({
          links: providers.map((provider) => ({ provider, linked: ways.has(provider) })),
          hasPassword: ways.has("credential"),
          addressProven: await isAddressProven(db, userId),
        } satisfies SocialLinksAnswer);
      })
      // A link, as «Continuar con …» is: it works before the script, and a form's redirect to the
      // provider would meet the page's CSP form-action. A GET that starts a link is only taken from
      // the shop's own pages (`fromOwnPage`), so another site cannot start one for the shopper.
      .get("/:provider/start", rateLimit(limits, "social-link", SOCIAL_STARTS), async (c) => {
        const shopper = await sessions(c.req.raw.headers);
        if (!shopper) return c.redirect(paths.login(), 303);
        const failed = (code: string) => c.redirect(`${SOCIAL_LINK_ERROR_LANDING}&error=${code}`, 303);
        const provider = providerOf(c.req.param("provider"));
        if (!provider) return failed(PROVIDER_UNAVAILABLE);
        if (!fromOwnPage(origins, c.req.raw)) return failed("state_mismatch");
        // Whoever registered an address may not be its owner: connecting waits for a proof (issue 28).
        if (!(await isAddressProven(db, shopper.id))) return failed(ADDRESS_NOT_PROVEN_LINK_ERROR);
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
        const url = await providerAddressOf(started);
        if (!started || url === undefined) return failed(PROVIDER_UNAVAILABLE);
        const answer = c.redirect(url, 303);
        answer.headers.set("cache-control", "no-store");
        // The state cookie ties the provider's answer to this browser and this account.
        for (const cookie of started.headers.getSetCookie()) answer.headers.append("set-cookie", cookie);
        return answer;
      })
      .delete("/:provider", signedIn, async (c) => {
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
      })
  );
}

async function isAddressProven(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ proven: user.emailVerified }).from(user).where(eq(user.id, userId));
  return row?.proven === true;
}

/**
 * A navigation from one of the shop's own pages: as the browser's Sec-Fetch-Site says, or, from a
 * browser that does not send it (Safari before 16.4), as its Referer says.
 */
export function fromOwnPage(origins: OriginPolicy, request: Request): boolean {
  // The one rule of every write (issue 28): Origin, Sec-Fetch-Site, then Referer.
  return requestSource(origins, request) === "allowed";
}
