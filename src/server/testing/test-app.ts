import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { builtinCatalogSource } from "#catalog/builtin-catalog.ts";
import { createApi, createApp, shopOrderNotifier } from "../app.ts";
import { createCachedAuth } from "../auth/auth.ts";
import { createSessionCache, type SessionCache } from "../auth/session-cache.ts";
import { watchSessionChanges, watchStaffSessionChanges } from "../auth/session-changes.ts";
import { createSignInThrottle } from "../auth/sign-in-throttle.ts";
import type { SocialSignInConfig } from "../auth/social-sign-in.ts";
import { seedCatalog } from "../catalog/catalog-store.ts";
import { type LiveCatalog, startLiveCatalog } from "../catalog/live-catalog.ts";
import { seedCoupons } from "../coupons/coupon-repository.ts";
import type { ProxyTrust } from "../http/client-address.ts";
import { createOriginPolicy } from "../http/origin-policy.ts";
import { type ChangeHub, createChangeHub } from "../live/change-hub.ts";
import { createLogger } from "../logger.ts";
import { createMailOutbox } from "../mail/mail-outbox.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { directoryPictureStore } from "../media/directory-store.ts";
import type { PictureStore } from "../media/picture-store.ts";
import type { OrderPaymentDeps } from "../orders/order-payments.ts";
import type { CheckoutLimits } from "../orders/orders.routes.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import type { Payments } from "../payments/payments-from-env.ts";
import { createTestProvider, type TestProvider } from "../payments/test-provider.ts";
import type { StaffSessionCache } from "../staff/staff-guard.ts";
import { watchStockChanges } from "../stock/stock-changes.ts";
import { readStock } from "../stock/stock-repository.ts";
import { createStockView } from "../stock/stock-view.ts";
import { openTestDatabase, type TestDatabase } from "./test-database.ts";

export type TestApi = {
  /** The back office's kept staff sessions (migration 0036), as the API reads them. */
  staffSessionCache: StaffSessionCache;
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** Mail sent by the app (unless the test gave its own mailer), as its transport received it. */
  mails: MailMessage[];
  /** Sends the mail that is due now (the server does it every few seconds). */
  deliverMail: () => Promise<void>;
  /**
   * The app as a fetch handler, to serve it over real HTTP when a test needs a port (the server's
   * bindings are passed on: the client's address is read from them).
   */
  fetch: (request: Request, bindings?: object) => Promise<Response>;
  /** The router's routes, as Hono lists them (middleware is method ALL), for tests that visit them all. */
  routes: { method: string; path: string }[];
  /** The test's database; on PostgreSQL also a way in of another process or machine. */
  database: TestDatabase;
  /** The catalogue as the server reads it from the database (decision 053). */
  catalog: LiveCatalog;
  /** The app's confirmed sessions and change hub, for what runs beside it (the hot path). */
  sessionCache: SessionCache;
  hub: ChangeHub;
  /** The provider taking payments, and the built-in one's own steps when it is that one. */
  payments: PaymentProvider;
  testPayments: TestProvider | undefined;
  /** What the server's payment jobs (expiry) and the provider's news are given, at this clock. */
  paying: (now?: () => Date) => OrderPaymentDeps;
  close: () => Promise<void>;
};

/** The real API router on a throwaway database with the built-in catalogue seeded. */
export const TEST_ORIGIN = "http://localhost:3000";
export const TEST_OPERATOR_TOKEN = "test-operator-token-test-operator-token";
/** The auth secret of the test app (it also keys the orders' signed links). */
export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";

export async function createTestApi(
  options: {
    newsletterLimit?: number;
    authRateLimited?: boolean;
    /** Another payment provider than the built-in test cards (Stripe against its stand-in). */
    payments?: Payments;
    /** The built-in provider as a test wraps it (to count its calls, or make it fail). */
    wrapTestPayments?: (provider: TestProvider) => TestProvider;
    /** Where the mail outbox sends mail; by default it is kept in `mails`. */
    mailer?: Mailer;
    /**
     * The DATA_DIR whose media/uploads keeps uploaded pictures (decision 055); by default a
     * temporary one, removed by `close`.
     */
    dataDir?: string;
    /** Another picture store than that directory (an S3 store against its stand-in). */
    pictures?: PictureStore;
    /** Checkout rate limits; off unless a test is about them (one address makes every request). */
    checkoutLimits?: CheckoutLimits;
    /** The clock of the password limits, for tests that let time pass. */
    now?: () => Date;
    /** The server's whole app (logging, security headers, compression) around the API, without pages. */
    whole?: boolean;
    /** Google and Apple sign-in (against a local OpenID Connect provider; decision 033). */
    social?: SocialSignInConfig;
    /** The proxies trusted to name the client (with `whole`, where the app reads them). */
    proxyTrust?: ProxyTrust;
    /** How often the back office's order streams check their session. */
    orderStreamCheckMs?: number;
    /** The catalogue's stock kept in memory and dropped by the database's announcements, as served (decision 058). */
    keptStock?: boolean;
  } = {},
): Promise<TestApi> {
  const database = await openTestDatabase();
  await seedCatalog(database.db, builtinCatalogSource());
  await seedCoupons(database.db);
  const mails: MailMessage[] = [];
  const origins = createOriginPolicy({ publicUrl: TEST_ORIGIN, port: 3000 });
  const logger = createLogger({ LOG_LEVEL: "silent" });
  const catalog = await startLiveCatalog(database, logger);
  const mail = createMailOutbox({
    db: database.db,
    transport: options.mailer ?? { send: async (message) => void mails.push(message) },
    logger,
  });
  const signInThrottle = createSignInThrottle(database.db, options.now);
  const hub = await createChangeHub(database, logger);
  const { auth, sessionCache } = createCachedAuth({
    guests: { catalog, hub },
    mailer: mail,
    throttle: signInThrottle,
    db: database.db,
    secret: TEST_AUTH_SECRET,
    origins,
    rateLimited: options.authRateLimited ?? false,
    ...(options.social ? { social: options.social } : {}),
  });
  const sessionWatch = await watchSessionChanges(database, sessionCache, logger);
  const staffSessionCache: StaffSessionCache = createSessionCache();
  const staffWatch = await watchStaffSessionChanges(database, staffSessionCache, logger);
  const stockView = options.keptStock
    ? createStockView((productIds) => readStock(database.db, productIds))
    : undefined;
  const stockWatch = stockView
    ? await watchStockChanges(
        database,
        { onChange: (id) => stockView.invalidate(id), onMissed: () => stockView.clear() },
        logger,
      )
    : undefined;
  const plain = createTestProvider(database.db);
  const builtIn = options.wrapTestPayments ? options.wrapTestPayments(plain) : plain;
  const testPayments = options.payments ? undefined : builtIn;
  const payments = options.payments?.provider ?? builtIn;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "test-api-data-"));
  const deps = {
    pictures: options.pictures ?? directoryPictureStore(join(dataDir, "media", "uploads")),
    sessionCache,
    staffSessionCache,
    ...(stockView ? { stockView } : {}),
    database,
    auth,
    signInThrottle,
    hub,
    catalog,
    mail,
    origins,
    payments,
    ...(options.payments?.stripeWebhook ? { stripeWebhook: options.payments.stripeWebhook } : {}),
    ...(testPayments ? { testPayments } : {}),
    operatorToken: TEST_OPERATOR_TOKEN,
    logger,
    // Every test request comes from one address: keep the limit out of the way unless tested.
    newsletterLimit: { limit: options.newsletterLimit ?? 1000, windowMs: 60_000 },
    checkoutLimits: options.checkoutLimits ?? null,
    ...(options.social ? { social: options.social } : {}),
    ...(options.proxyTrust ? { proxyTrust: options.proxyTrust } : {}),
    ...(options.orderStreamCheckMs ? { orderStreamCheckMs: options.orderStreamCheckMs } : {}),
  };
  // Mounted where the server mounts it: better-auth reads its own /api/auth paths.
  const app = options.whole ? await createApp(deps) : new Hono().route("/api", createApi(deps));
  return {
    request: async (path, init) => app.request(path, init),
    fetch: async (request, bindings) => app.fetch(request, bindings),
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    mails,
    deliverMail: async () => void (await mail.deliver()),
    database,
    catalog,
    sessionCache,
    staffSessionCache,
    hub,
    payments,
    testPayments,
    paying: (now = () => new Date()) => ({
      db: database.db,
      payments,
      notifier: shopOrderNotifier(deps),
      logger,
      now,
    }),
    close: async () => {
      await stockWatch?.close();
      await sessionWatch.close();
      await staffWatch.close();
      await hub.close();
      await catalog.close();
      await database.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
