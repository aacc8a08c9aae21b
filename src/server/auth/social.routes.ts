import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { SessionUser } from "#shared/api/account-contract.ts";
import {
  completeSignUpSchema,
  type PendingSignUpAnswer,
  SOCIAL_ERROR_LANDING,
  SOCIAL_LANDING,
  type SocialProvidersAnswer,
  socialSignInQuerySchema,
} from "#shared/api/social-sign-in-contract.ts";
import { paths } from "#shared/paths.ts";
import type { Database } from "../db/client.ts";
import { user } from "../db/schema.ts";
import { type RequestLimits, rateLimit } from "../http/rate-limit.ts";
import { apiError, invalidRequest } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import type { Auth } from "./auth.ts";
import {
  configuredProviders,
  providerAddressOf,
  SOCIAL_STARTS,
  type SocialSignInConfig,
} from "./social-sign-in.ts";

type SocialDeps = {
  auth: Auth;
  db: Database;
  social: SocialSignInConfig;
  logger: Logger;
  limits: RequestLimits;
};

/** Our code for a provider the shop could not reach (or is not configured for), as `?error=`. */
export const PROVIDER_UNAVAILABLE = "provider_unavailable";

/**
 * Signing in with Google or Apple (decision 033): which providers there are, the plain link that
 * starts a sign-in (a full-page redirect, before and without the script), and the welcome step a
 * first sign-in's account waits in until the shopper confirms their names and the terms.
 */
export function socialRoutes({ auth, db, social, logger, limits }: SocialDeps) {
  const providers = configuredProviders(social);
  const failed = (code: string) => `${SOCIAL_ERROR_LANDING}&error=${code}`;
  return (
    new Hono()
      .get("/providers", (c) => c.json({ providers } satisfies SocialProvidersAnswer))
      // A link, not a form: a page's CSP form-action would stop a form's redirect to the provider.
      // Each start stores a state row: a person starts a few, a script thousands.
      .get("/sign-in", rateLimit(limits, "social-sign-in", SOCIAL_STARTS), async (c) => {
        const form = socialSignInQuerySchema.safeParse(c.req.query());
        if (!form.success || !providers.includes(form.data.provider)) {
          return c.redirect(failed(PROVIDER_UNAVAILABLE), 303);
        }
        const started = await auth.api
          .signInSocial({
            body: {
              provider: form.data.provider,
              callbackURL: SOCIAL_LANDING,
              newUserCallbackURL: SOCIAL_LANDING,
              errorCallbackURL: SOCIAL_ERROR_LANDING,
              disableRedirect: true,
            },
            headers: c.req.raw.headers,
            asResponse: true,
          })
          .catch((error: unknown) => {
            logger.warn({ err: error, provider: form.data.provider }, "social sign-in could not start");
            return null;
          });
        const url = await providerAddressOf(started);
        if (!started || url === undefined) {
          logger.warn({ provider: form.data.provider, status: started?.status }, "provider unavailable");
          return c.redirect(failed(PROVIDER_UNAVAILABLE), 303);
        }
        const answer = c.redirect(url, 303);
        answer.headers.set("cache-control", "no-store");
        // The state cookie ties the provider's answer to this browser.
        for (const cookie of started.headers.getSetCookie()) answer.headers.append("set-cookie", cookie);
        return answer;
      })
      .get("/pending", async (c) => {
        const found = await auth.api.getSession({ headers: c.req.raw.headers });
        const pending = found?.user.profilePending ? pendingOf(found.user) : null;
        c.header("cache-control", "private, no-store");
        return c.json({ pending } satisfies PendingSignUpAnswer);
      })
      .post("/complete", async (c) => {
        const posted = isFormPost(c.req.header("content-type"));
        const body = posted
          ? formFields(await c.req.parseBody().catch(() => ({})))
          : await c.req.json<unknown>().catch(() => null);
        const form = completeSignUpSchema.safeParse(body);
        if (!form.success) {
          return posted
            ? c.redirect(SOCIAL_LANDING, 303)
            : c.json(invalidRequest("json", form.error.issues), 400);
        }
        const found = await auth.api.getSession({ headers: c.req.raw.headers });
        if (!found?.user.profilePending) {
          return posted
            ? c.redirect(paths.login(), 303)
            : c.json(apiError("unauthorized", "Nothing to complete"), 401);
        }
        const { name, lastName } = form.data;
        const [completed] = await db
          .update(user)
          .set({ name, lastName, profilePending: false })
          .where(and(eq(user.id, found.user.id), eq(user.profilePending, true)))
          .returning({ id: user.id, email: user.email, name: user.name, lastName: user.lastName });
        if (!completed)
          return posted
            ? c.redirect(paths.login(), 303)
            : c.json(apiError("conflict", "Already completed"), 409);
        if (posted) return c.redirect(paths.login(), 303);
        return c.json({ user: completed satisfies SessionUser });
      })
  );
}

function pendingOf(found: { email: string; name: string; lastName?: unknown }) {
  return {
    email: found.email,
    name: found.name,
    lastName: typeof found.lastName === "string" ? found.lastName : "",
  };
}

function isFormPost(contentType: string | undefined): boolean {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(contentType ?? "");
}

/** A posted form's fields as the JSON the script sends (a ticked box is "on"). */
function formFields(fields: Record<string, unknown>): Record<string, unknown> {
  return { name: fields.name, lastName: fields.lastName, acceptTerms: fields.acceptTerms === "on" };
}
