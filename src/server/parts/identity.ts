import type { Catalog } from "#catalog/catalog.ts";
import { createCachedAuth } from "../auth/auth.ts";
import { resolveAuthSecret } from "../auth/auth-secret.ts";
import { createSessionCache } from "../auth/session-cache.ts";
import { watchSessionChanges, watchStaffSessionChanges } from "../auth/session-changes.ts";
import { createSignInThrottle } from "../auth/sign-in-throttle.ts";
import { socialConfigFromEnv } from "../auth/social-sign-in.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import type { Logger } from "../logger.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import type { StaffSessionCache } from "../staff/staff-guard.ts";

/**
 * Who is signed in: better-auth on the shop's tables, its confirmed sessions kept in memory and
 * dropped in every process when the database announces a change (decision 019); the back
 * office's staff sessions the same way (their better-auth is made with the API). Its stop ends
 * those watches.
 */
export type Identity = Awaited<ReturnType<typeof startIdentity>>;

export async function startIdentity(deps: {
  env: Env;
  database: DatabaseHandle;
  catalog: Catalog;
  hub: ChangeHub;
  mail: MailOutbox;
  origins: OriginPolicy;
  logger: Logger;
}) {
  const { env, database, logger } = deps;
  const signInThrottle = createSignInThrottle(database.db);
  const social = socialConfigFromEnv(env);
  const { auth, sessionCache } = createCachedAuth({
    social,
    guests: { catalog: deps.catalog, hub: deps.hub },
    mailer: deps.mail,
    throttle: signInThrottle,
    db: database.db,
    secret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR),
    origins: deps.origins,
    rateLimited: env.RATE_LIMITS === "on",
  });
  const sessionWatch = await watchSessionChanges(database, sessionCache, logger);
  const staffSessionCache: StaffSessionCache = createSessionCache();
  const staffWatch = await watchStaffSessionChanges(database, staffSessionCache, logger);
  return {
    auth,
    sessionCache,
    staffSessionCache,
    signInThrottle,
    social,
    stop: async () => {
      await sessionWatch.close();
      await staffWatch.close();
    },
  };
}
