import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { builtinCatalog } from "#catalog/builtin-catalog.ts";
import { createApp, securityHeaderValues, shopOrderNotifier, thirdPartiesOf } from "./app.ts";
import { createCachedAuth } from "./auth/auth.ts";
import { resolveAuthSecret } from "./auth/auth-secret.ts";
import { sweepStaleGuests } from "./auth/guest.ts";
import { keptSessionUser } from "./auth/session-cache.ts";
import { watchSessionChanges } from "./auth/session-changes.ts";
import { createSignInThrottle } from "./auth/sign-in-throttle.ts";
import { socialConfigFromEnv } from "./auth/social-sign-in.ts";
import { seedCoupons } from "./coupons/coupon-repository.ts";
import { openDatabase } from "./db/client.ts";
import type { Env } from "./env.ts";
import { apiFirst } from "./http/api-first.ts";
import { inlineSources } from "./http/content-security.ts";
import { createOriginPolicy } from "./http/origin-policy.ts";
import { createChangeHub } from "./live/change-hub.ts";
import type { Logger } from "./logger.ts";
import { createMailOutbox } from "./mail/mail-outbox.ts";
import { createMailer } from "./mail/mailer.ts";
import { resolveOperatorToken } from "./operator/operator-token.ts";
import { expireUnpaid } from "./orders/expire-unpaid.ts";
import { settlePayments } from "./orders/payment-settlement.ts";
import type { Payments } from "./payments/payments-from-env.ts";
import { paymentsFromEnv } from "./payments/payments-from-env.ts";
import { createTestProvider } from "./payments/test-provider.ts";
import { shopperHotRoutes } from "./shopper/hot-routes.ts";
import { readStylesheet } from "./ssr/build-manifest.ts";
import { cachedPagesFirst } from "./ssr/cached-pages-first.ts";
import { createPageCache } from "./ssr/page-cache.ts";
import { createShopperCache } from "./ssr/shopper-cache.ts";
import { watchStockChanges } from "./stock/stock-changes.ts";
import { seedStock } from "./stock/stock-repository.ts";

/** How this process stands among the shop's processes. */
export type ProcessRole = {
  /** One of several workers listening on the same port (decision 027). */
  sharesPort?: boolean;
  /** Called once the server takes connections. */
  onListening?: () => void;
};

/**
 * One server process of the shop: opens the database, wires the app and its caches, listens on
 * PORT and stops cleanly on SIGTERM or SIGINT. `npm start` runs one; with WORKERS above 1 each
 * worker runs one on the same port and database (decision 027).
 */
export async function serveShop(env: Env, logger: Logger, role: ProcessRole = {}): Promise<void> {
  const choice = choosePayments(env, logger);

  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          kind: "postgres",
          url: env.DATABASE_URL,
          onConnectionError: (err) => logger.warn({ err }, "database connection lost; the pool reconnects"),
        }
      : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  const testPayments = choice.kind === "test" ? createTestProvider(database.db) : undefined;
  const payments: Payments =
    choice.kind === "stripe" ? choice : { provider: testPayments ?? createTestProvider(database.db) };
  const catalog = builtinCatalog();
  const origins = createOriginPolicy({ publicUrl: env.PUBLIC_URL, port: env.PORT });
  // Mail is stored first and sent by the outbox, which retries until the mail server takes it.
  const mail = createMailOutbox({
    db: database.db,
    transport: createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: join(env.DATA_DIR, "outbox"),
      logger,
    }),
    logger,
  });
  const signInThrottle = createSignInThrottle(database.db);
  const social = socialConfigFromEnv(env);
  const hub = await createChangeHub(database, logger);
  const { auth, sessionCache } = createCachedAuth({
    social,
    guests: { catalog, hub },
    mailer: mail,
    throttle: signInThrottle,
    db: database.db,
    secret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR),
    origins,
    rateLimited: env.RATE_LIMITS === "on",
  });
  await seedStock(database.db, catalog.listProducts());
  await seedCoupons(database.db);

  const sessionWatch = await watchSessionChanges(database, sessionCache, logger);
  // What the CSP allows inline, by hash: the build's stylesheet is inlined in every page.
  const inline = inlineSources(readStylesheet(resolve("dist", "client")));
  // The headers every answer carries, for the answers sent before Hono.
  const commonHeaders = await securityHeaderValues(inline, thirdPartiesOf(payments.provider));
  // Visitors' pages are kept rendered until the stock of a product they show changes, here or in
  // any other process on the database (decision 018).
  const pageCache = env.PAGE_CACHE === "on" ? createPageCache({ commonHeaders }) : undefined;
  // Signed-in shoppers get the same pages with their own parts spliced in, drawn once for each of
  // them until their cart, wish list or the stock in them changes (decision 020).
  const shopperCache = pageCache && createShopperCache();
  const stockWatch =
    pageCache &&
    shopperCache &&
    (await watchStockChanges(
      database,
      {
        onChange: (productId) => {
          pageCache.invalidateProducts([productId]);
          shopperCache.invalidateProducts([productId]);
        },
        onMissed: () => {
          pageCache.clear();
          shopperCache.clear();
        },
      },
      logger,
    ));
  // A shopper's parts show their cart and wish list: any change of either drops them.
  const stopShopperWatch = shopperCache
    ? hub.watch({
        onChange: ({ userId, document }) => {
          if (document === "cart" || document === "wishlist") shopperCache.dropUser(userId);
        },
        onMissed: () => shopperCache.clear(),
      })
    : undefined;
  logger.info({ provider: payments.provider.name }, "payments");
  const app = await createApp({
    database,
    auth,
    signInThrottle,
    hub,
    ...(env.RATE_LIMITS === "off"
      ? {
          newsletterLimit: { limit: Number.POSITIVE_INFINITY, windowMs: 60_000 },
          checkoutLimits: null,
          pageRenderLimit: null,
        }
      : {}),
    catalog,
    mail,
    payments: payments.provider,
    ...("stripeWebhook" in payments && payments.stripeWebhook
      ? { stripeWebhook: payments.stripeWebhook }
      : {}),
    ...(testPayments ? { testPayments } : {}),
    operatorToken: resolveOperatorToken(env.OPERATOR_TOKEN, env.DATA_DIR),
    logger,
    origins,
    distDir: resolve("dist"),
    inlineSources: inline,
    ...(pageCache ? { pageCache } : {}),
    ...(shopperCache ? { shopperCache } : {}),
    sessionCache,
    social,
  });

  // Captures, refunds and releases the provider has not confirmed yet (a failure, or a process that
  // stopped before asking) are asked for again until they go through.
  const SETTLE_EVERY_MS = 60_000;
  async function settle(): Promise<void> {
    const { settled, failed } = await settlePayments({ db: database.db, payments: payments.provider });
    if (settled > 0) logger.info({ settled }, "pending payment steps made");
    for (const { orderId, error } of failed)
      logger.error({ err: error, orderId }, "payment step failed; retrying later");
  }
  const settleLogged = () =>
    void settle().catch((error: unknown) => logger.error({ err: error }, "payment settlement failed"));
  settleLogged();
  setInterval(settleLogged, SETTLE_EVERY_MS).unref();
  // Orders left unpaid past their time give their stock back (decision 034).
  const paying = {
    db: database.db,
    payments: payments.provider,
    notifier: shopOrderNotifier({ database, hub, mail, origins, auth, logger }),
    logger,
    now: () => new Date(),
  };
  const expireLogged = () =>
    void expireUnpaid(paying)
      .then(({ expired }) => expired > 0 && logger.info({ expired }, "unpaid orders expired"))
      .catch((error: unknown) => logger.error({ err: error }, "unpaid order expiry failed"));
  expireLogged();
  setInterval(expireLogged, SETTLE_EVERY_MS).unref();
  // Guests who never ordered are forgotten once unused for a while (decision 032).
  const sweepGuests = () =>
    void sweepStaleGuests(database.db, new Date())
      .then((swept) => swept > 0 && logger.info({ swept }, "stale guests forgotten"))
      .catch((error: unknown) => logger.error({ err: error }, "stale guest sweep failed"));
  sweepGuests();
  setInterval(sweepGuests, 60 * 60_000).unref();
  // Mail left by an earlier process, and mail waiting for a retry.
  const stopMail = mail.start();

  const appListener = getRequestListener(app.fetch);
  // The cart's and wish list's writes of a shopper whose session is in memory, before Hono (decision 023).
  const hotWrites = apiFirst({
    routes: shopperHotRoutes({ db: database.db, catalog, hub }),
    shopperOf: (cookie) => keptSessionUser(sessionCache, cookie),
    publicOrigin: origins.publicOrigin,
    commonHeaders,
    logger,
  });
  const cachedPage =
    pageCache &&
    cachedPagesFirst({
      cache: pageCache,
      shopperOf: (cookie) => keptSessionUser(sessionCache, cookie),
      ...(shopperCache ? { shoppers: shopperCache } : {}),
    });
  const server = createServer((request, response) => {
    if (hotWrites(request, response) || cachedPage?.(request, response)) return;
    void appListener(request, response);
  });
  // A worker's own socket on the shared port: the kernel deals the connections out, and one
  // worker's death loses only its own (node:cluster's shared handle can leave them hanging).
  const sharing = role.sharesPort ? { exclusive: true, reusePort: true } : {};
  server.listen({ port: env.PORT, host: env.HOST, ...sharing }, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ port, database: database.kind }, `shop listening on http://localhost:${port}`);
    role.onListening?.();
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    server.close(async () => {
      // Before the database closes: a message being sent is marked sent, not sent again later.
      await stopMail();
      await stockWatch?.close();
      stopShopperWatch?.();
      await sessionWatch.close();
      await hub.close();
      await database.close();
      logger.info("stopped");
      process.exit(0);
    });
    // Open event streams never end by themselves: give requests in flight a moment, then cut them.
    setTimeout(() => {
      if ("closeAllConnections" in server) server.closeAllConnections();
    }, 2000).unref();
    setTimeout(() => process.exit(0), 10_000).unref();
  }

  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** How the shop takes money, decided before anything starts: a refusal ends the process here. */
function choosePayments(env: Env, logger: Logger) {
  try {
    return paymentsFromEnv(env);
  } catch (error) {
    logger.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
