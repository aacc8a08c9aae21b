import type { RequestListener } from "node:http";
import { resolve } from "node:path";
import { createApp, thirdPartiesOf } from "../app.ts";
import { keptSessionUser } from "../auth/session-cache.ts";
import type { LiveCatalog } from "../catalog/live-catalog.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Readiness } from "../health/readiness.ts";
import { type AnswerPolicy, createAnswerPolicy } from "../http/answer-policy.ts";
import { apiFirst } from "../http/api-first.ts";
import { inlineSources } from "../http/content-security.ts";
import { type FastPath, frontDoor } from "../http/front-door.ts";
import { type MetricsAccess, parseMetricsAccess, type ShopMetrics } from "../http/metrics.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import { databaseLimits, NO_LIMITS } from "../http/rate-limit.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import type { Logger } from "../logger.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import type { PictureStore } from "../media/picture-store.ts";
import { resolveOperatorToken } from "../operator/operator-token.ts";
import type { Payments } from "../payments/payments-from-env.ts";
import type { TestProvider } from "../payments/test-provider.ts";
import { shopperHotRoutes } from "../shopper/hot-routes.ts";
import { readStylesheet } from "../ssr/build-manifest.ts";
import { cachedPagesFirst, KEPT_PAGE_ROUTE } from "../ssr/cached-pages-first.ts";
import type { PageCaches } from "./caches.ts";
import type { Identity } from "./identity.ts";

/** What every answer gets (decision 040); the CSP allows the build's stylesheet, inlined in every page. */
export function shopAnswerPolicy(
  payments: Payments,
  origins: OriginPolicy,
  logger: Logger,
): Promise<AnswerPolicy> {
  return createAnswerPolicy({
    inline: inlineSources(readStylesheet(resolve("dist", "client"))),
    thirdParties: thirdPartiesOf(payments.provider),
    origins,
    logger,
  });
}

export type FrontDoorParts = {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  catalog: LiveCatalog;
  hub: ChangeHub;
  mail: MailOutbox;
  origins: OriginPolicy;
  payments: Payments;
  testPayments?: TestProvider | undefined;
  /** Where uploaded pictures are kept (`PICTURE_STORE`). */
  pictures: PictureStore;
  identity: Identity;
  caches: PageCaches;
  answers: AnswerPolicy;
  readiness: Readiness;
  /** The process's metrics, when it keeps them (`/metrics`). */
  metrics: ShopMetrics;
};

/** One kept page in this many is logged: they are counted, not each written down (issue 31). */
const KEPT_PAGE_LOG_SAMPLE = 100;

/**
 * The shop's front door (decision 040): the Hono app, and before it the cart's and wish list's
 * writes of a shopper whose session is in memory (decision 023) and the kept pages (decisions 018,
 * 020), all by one answer policy.
 */
export async function openFrontDoor(parts: FrontDoorParts): Promise<RequestListener> {
  const { env, database, catalog, hub, identity, caches, answers } = parts;
  const { pageCache, shopperCache } = caches;
  const { provider, stripeWebhook } = parts.payments;
  const app = await createApp({
    database,
    auth: identity.auth,
    signInThrottle: identity.signInThrottle,
    hub,
    requestLimits: env.RATE_LIMITS === "off" ? NO_LIMITS : databaseLimits(database.db),
    catalog,
    mail: parts.mail,
    pictures: parts.pictures,
    payments: provider,
    ...(stripeWebhook ? { stripeWebhook } : {}),
    ...(parts.testPayments ? { testPayments: parts.testPayments } : {}),
    operatorToken: resolveOperatorToken(env.OPERATOR_TOKEN, env.DATA_DIR),
    logger: parts.logger,
    origins: parts.origins,
    proxyTrust: env.TRUSTED_PROXIES,
    readiness: parts.readiness,
    metrics: { shop: parts.metrics, access: metricsAccessOf(env) },
    distDir: resolve("dist"),
    answerPolicy: answers,
    ...(pageCache ? { pageCache } : {}),
    ...(shopperCache ? { shopperCache } : {}),
    sessionCache: identity.sessionCache,
    staffSessionCache: identity.staffSessionCache,
    stockView: caches.stockView,
    social: identity.social,
  });
  const shopperOf = (cookie: string) => keptSessionUser(identity.sessionCache, cookie);
  const fastPaths: FastPath[] = [
    apiFirst({ routes: shopperHotRoutes({ db: database.db, catalog, hub }), shopperOf, policy: answers }),
  ];
  if (pageCache)
    fastPaths.push(
      cachedPagesFirst({ cache: pageCache, shopperOf, ...(shopperCache ? { shoppers: shopperCache } : {}) }),
    );
  let keptPages = 0;
  return frontDoor({
    fastPaths,
    app,
    proxyTrust: env.TRUSTED_PROXIES,
    onAnswered: (answered) => {
      parts.metrics.observe(answered.method, answered.route, answered.status, answered.seconds);
      if (answered.route === KEPT_PAGE_ROUTE && ++keptPages % KEPT_PAGE_LOG_SAMPLE === 0) {
        const { id, ...line } = answered;
        parts.logger.info({ ...line, reqId: id, sampledOneIn: KEPT_PAGE_LOG_SAMPLE }, "request");
      }
    },
  });
}

function metricsAccessOf(env: Env): MetricsAccess {
  const access = parseMetricsAccess(env.METRICS_ALLOW, env.METRICS_TOKEN);
  if (typeof access === "string") throw new Error(`METRICS_ALLOW: ${access}`);
  return access;
}
