import { join } from "node:path";
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { BACK_IN_STOCK_PAGES } from "#shared/back-in-stock-pages.ts";
import { accountRoutes } from "./account/account.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import type { Auth } from "./auth/auth.ts";
import { accountsOnly, sessionReader } from "./auth/require-user.ts";
import type { SessionCache } from "./auth/session-cache.ts";
import type { SignInThrottle } from "./auth/sign-in-throttle.ts";
import { socialRoutes } from "./auth/social.routes.ts";
import { socialLinkRoutes } from "./auth/social-links.routes.ts";
import { PROVIDER_POSTED_CALLBACKS, type SocialSignInConfig } from "./auth/social-sign-in.ts";
import { backInStockPages, backInStockRoutes } from "./back-in-stock/back-in-stock.routes.ts";
import { backOfficeRoutes } from "./back-office/back-office.routes.ts";
import { CATALOG_IMPORT_BODIES } from "./back-office/catalog.routes.ts";
import { PICTURE_UPLOAD_BODY } from "./back-office/pictures.routes.ts";
import { catalogRoutes } from "./catalog/catalog.routes.ts";
import type { LiveCatalog } from "./catalog/live-catalog.ts";
import { couponsRoutes } from "./coupons/coupons.routes.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { healthRoutes } from "./health/health.routes.ts";
import type { Readiness } from "./health/readiness.ts";
import { type AnswerPolicy, apiMiddleware, appMiddleware, createAnswerPolicy } from "./http/answer-policy.ts";
import { clientMiddleware, NO_PROXY, type ProxyTrust } from "./http/client-address.ts";
import { type InlineSources, inlineSources, type ThirdParties } from "./http/content-security.ts";
import { type MetricsAccess, metricsRoutes, type ShopMetrics } from "./http/metrics.ts";
import type { OriginPolicy } from "./http/origin-policy.ts";
import { databaseLimits, type LimitRule, type RequestLimits } from "./http/rate-limit.ts";
import { staticFiles } from "./http/static-files.ts";
import { apiError } from "./http/validate.ts";
import type { ChangeHub } from "./live/change-hub.ts";
import { eventsRoutes } from "./live/events.routes.ts";
import type { Logger } from "./logger.ts";
import type { MailOutbox } from "./mail/mail-outbox.ts";
import { pictureFileRoutes } from "./media/picture-files.routes.ts";
import type { PictureStore } from "./media/picture-store.ts";
import { newsletterIssueRoutes, newsletterPages, newsletterRoutes } from "./newsletter/newsletter.routes.ts";
import { operatorRoutes } from "./operator/operator.routes.ts";
import { orderLinkRoutes } from "./orders/order-link.routes.ts";
import { authSecretOf, createOrderLinks } from "./orders/order-links.ts";
import { createOrderNotifier } from "./orders/order-notifier.ts";
import { applyIntent } from "./orders/order-payments.ts";
import { type CheckoutLimits, ordersRoutes } from "./orders/orders.routes.ts";
import type { IntentListener, IntentState, PaymentProvider } from "./payments/payment-provider.ts";
import type { Payments } from "./payments/payments-from-env.ts";
import { stripeWebhookRoutes } from "./payments/stripe-webhook.routes.ts";
import {
  TEST_PROVIDER_PAGES,
  testProviderPages,
  testProviderRoutes,
} from "./payments/test-provider.routes.ts";
import { TEST_CARD_PROVIDER, type TestProvider } from "./payments/test-provider.ts";
import { REVIEW_PAGE } from "./reviews/review-mails.ts";
import { reviewPages, reviewRoutes } from "./reviews/reviews.routes.ts";
import { seoRoutes } from "./seo/seo.routes.ts";
import { addressRoutes } from "./shopper/address.routes.ts";
import { cartRoutes } from "./shopper/cart.routes.ts";
import { personalDataRoutes } from "./shopper/personal-data.routes.ts";
import { wishlistRoutes } from "./shopper/wishlist.routes.ts";
import { backOfficePages } from "./ssr/back-office-pages.ts";
import type { PageCache } from "./ssr/page-cache.ts";
import { pagesRoutes } from "./ssr/pages.routes.ts";
import type { ShopperCache } from "./ssr/shopper-cache.ts";
import { staffRoutes } from "./staff/staff.routes.ts";
import type { StaffSessionCache } from "./staff/staff-guard.ts";
import { createStaffIdentity } from "./staff/staff-identity.ts";
import { readStock } from "./stock/stock-repository.ts";
import type { StockView } from "./stock/stock-view.ts";

export type AppDeps = {
  database: DatabaseHandle;
  auth: Auth;
  /** Password limits shared with `auth`, for the routes that check a password themselves. */
  signInThrottle: SignInThrottle;
  hub: ChangeHub;
  catalog: LiveCatalog;
  payments: PaymentProvider;
  /** The shop's mail (order and account mails), kept in the database until it is out. */
  mail: MailOutbox;
  /** Where uploaded product pictures are kept, and served from at /media/uploads (decision 055). */
  pictures: PictureStore;
  /** The built-in test provider, when it takes the payments: its own endpoints are mounted. */
  testPayments?: TestProvider;
  /** Stripe's signed webhook, when Stripe takes the payments. */
  stripeWebhook?: Payments["stripeWebhook"];
  /** Bearer token of the operator's endpoints (/api/operator). */
  operatorToken: string;
  logger: Logger;
  /** Where the shop lives and which origins may write to it. */
  origins: OriginPolicy;
  /** The proxies whose word on the client's address and scheme is taken (issue 31); none without it. */
  proxyTrust?: ProxyTrust;
  /** Whether the process wants requests (`/api/health/ready`); false once it drains to stop. */
  readiness?: Readiness;
  /** The process's metrics and who may read them at `/metrics` (issue 31). */
  metrics?: { shop: ShopMetrics; access: MetricsAccess };
  /** The build output (dist/). Without it the app serves the API only, as in API tests. */
  distDir?: string;
  /** What the CSP allows inline, by hash (the loader, the build's stylesheet, the libraries'). */
  inlineSources?: InlineSources;
  /**
   * What every answer gets (decision 040), shared with the answers sent before the app; made from
   * `inlineSources` when not given.
   */
  answerPolicy?: AnswerPolicy;
  /**
   * Where every request limit counts (decision 050): the database's counters by default,
   * `NO_LIMITS` for automated runs (RATE_LIMITS=off).
   */
  requestLimits?: RequestLimits;
  newsletterLimit?: LimitRule;
  /** Quotes and payments per shopper and address; null switches them off (automated runs). */
  checkoutLimits?: CheckoutLimits | null;
  /** Visitors' pages kept rendered and compressed; without it every page is rendered. */
  pageCache?: PageCache;
  /** Pages drawn per client address (not sent from the cache); null switches it off (decision 035). */
  pageRenderLimit?: LimitRule | null;
  /** Signed-in shoppers' own parts of the kept catalogue pages (decision 020). */
  shopperCache?: ShopperCache;
  /** Confirmed sessions kept in memory; without it every signed-in request asks the database. */
  sessionCache?: SessionCache;
  /** The back office's confirmed staff sessions, kept like the shoppers' (migration 0036). */
  staffSessionCache: StaffSessionCache;
  /** The stock the catalogue shows, kept in memory (decision 058); without it each answer asks the database. */
  stockView?: StockView;
  /** Google and Apple sign-in, as given to `auth` (decision 033). */
  social?: SocialSignInConfig;
  /** How often the back office's open order streams check their session (tests shorten it). */
  orderStreamCheckMs?: number;
};

type ApiDeps = Pick<
  AppDeps,
  | "database"
  | "catalog"
  | "stockView"
  | "payments"
  | "mail"
  | "pictures"
  | "origins"
  | "stripeWebhook"
  | "testPayments"
  | "operatorToken"
  | "logger"
  | "auth"
  | "signInThrottle"
  | "hub"
  | "requestLimits"
  | "newsletterLimit"
  | "checkoutLimits"
  | "pageCache"
  | "shopperCache"
  | "sessionCache"
  | "staffSessionCache"
  | "social"
  | "readiness"
  | "orderStreamCheckMs"
>;

/** The buyer's news of their orders, live and by mail: the API's, and the server's jobs'. */
export function shopOrderNotifier(
  deps: Pick<AppDeps, "database" | "hub" | "mail" | "origins" | "auth" | "logger">,
) {
  return createOrderNotifier({
    db: deps.database.db,
    hub: deps.hub,
    outbox: deps.mail,
    origin: deps.origins.publicOrigin,
    orderLinks: createOrderLinks(authSecretOf(deps.auth)),
    logger: deps.logger,
  });
}

/** What the provider says of a payment (its webhook, the built-in provider), applied to its order (decision 034). */
function paymentListener(
  deps: Pick<AppDeps, "database" | "hub" | "mail" | "origins" | "auth" | "logger" | "payments">,
): IntentListener {
  const paying = {
    db: deps.database.db,
    payments: deps.payments,
    notifier: shopOrderNotifier(deps),
    logger: deps.logger,
    now: () => new Date(),
  };
  return async (state) => void (await applyIntent(paying, state));
}

export function createApi(deps: ApiDeps) {
  const { database, catalog, payments, logger, auth, hub, newsletterLimit } = deps;
  const limits = deps.requestLimits ?? databaseLimits(database.db);
  // Guests (decision 032) use the cart, the wish list, their addresses and the checkout; every
  // other per-user endpoint is for accounts only.
  const shoppers = sessionReader(auth, deps.sessionCache);
  const sessions = accountsOnly(shoppers);
  const now = () => new Date();
  const orderLinks = createOrderLinks(authSecretOf(auth));
  const newsletter = { db: database.db, mail: deps.mail, origins: deps.origins, logger, now, limits };
  const notifier = shopOrderNotifier(deps);
  const onIntent = paymentListener(deps);
  // The back office's identity (issue 30): `staff.requireStaff()` guards every /gestion route.
  const staff = createStaffIdentity({
    db: database.db,
    shopAuth: auth,
    origins: deps.origins,
    throttle: deps.signInThrottle,
    sessionCache: deps.staffSessionCache,
  });
  const api = new Hono()
    .use(
      ...apiMiddleware({ origins: deps.origins, logger }, PROVIDER_POSTED_CALLBACKS, [
        PICTURE_UPLOAD_BODY,
        ...CATALOG_IMPORT_BODIES,
      ]),
    )
    .route("/health", healthRoutes(database, deps.readiness))
    .route("/auth", authRoutes(auth))
    .route("/social", socialRoutes({ auth, db: database.db, social: deps.social ?? {}, logger, limits }))
    .route(
      "/social/links",
      socialLinkRoutes({
        auth,
        db: database.db,
        sessions,
        social: deps.social ?? {},
        logger,
        origins: deps.origins,
        limits,
      }),
    )
    .route(
      "/me",
      accountRoutes({
        auth,
        sessions,
        db: database.db,
        hub,
        mail: deps.mail,
        logger,
        throttle: deps.signInThrottle,
      }),
    )
    .route("/wishlist", wishlistRoutes(shoppers, { db: database.db, catalog, hub }))
    .route("/cart", cartRoutes(shoppers, { db: database.db, catalog, hub }))
    .route("/personal-data", personalDataRoutes(sessions, database.db, hub))
    .route("/addresses", addressRoutes(shoppers, database.db, hub))
    .route(
      "/order-links",
      orderLinkRoutes({ db: database.db, auth, links: orderLinks, sessions, hub, notifier, now }),
    )
    .route(
      "/orders",
      ordersRoutes({
        sessions: shoppers,
        db: database.db,
        catalog,
        payments,
        notifier,
        logger,
        now,
        requestLimits: limits,
        ...(deps.checkoutLimits !== undefined ? { limits: deps.checkoutLimits } : {}),
      }),
    )
    .route("/coupons", couponsRoutes(sessions, database.db, now))
    .route(
      "/operator",
      operatorRoutes({
        db: database.db,
        token: deps.operatorToken,
        newsletter: newsletterIssueRoutes(newsletter),
        ...(deps.pageCache ? { pageCacheStats: deps.pageCache.stats } : {}),
        ...(deps.shopperCache ? { shopperCacheStats: deps.shopperCache.stats } : {}),
        ...(deps.testPayments ? { testPayments: { provider: deps.testPayments, onIntent } } : {}),
      }),
    )
    .route("/events", eventsRoutes(shoppers, hub, catalog.onChange))
    .route(
      "/gestion",
      staffRoutes(staff, { db: database.db, mail: deps.mail, origins: deps.origins, logger, now }),
    )
    .route(
      "/gestion",
      backOfficeRoutes({
        database,
        db: database.db,
        payments,
        now,
        mails: notifier,
        notifier,
        staff,
        hub,
        auth,
        catalog,
        mail: deps.mail,
        origins: deps.origins,
        pictures: deps.pictures,
        logger,
        ...(deps.orderStreamCheckMs ? { orderStreamCheckMs: deps.orderStreamCheckMs } : {}),
      }),
    )
    .route("/", catalogRoutes(catalog, deps.stockView?.read ?? ((ids) => readStock(database.db, ids))))
    .route("/newsletter", newsletterRoutes(newsletter, newsletterLimit))
    .route("/reviews", reviewRoutes({ db: database.db, limits, now }))
    .route(
      "/back-in-stock",
      backInStockRoutes({ ...newsletter, ...(newsletterLimit ? { rule: newsletterLimit } : {}) }),
    );
  if (deps.stripeWebhook) {
    // An event names the intent; what is applied is the intent as Stripe holds it now (its method
    // and card are only ids in the event, and events may arrive in any order).
    const fresh = async (state: IntentState) => onIntent(await payments.readIntent(state.reference));
    api.route(
      "/payments/stripe/webhook",
      stripeWebhookRoutes({ ...deps.stripeWebhook, onIntent: fresh, logger }),
    );
  }
  if (deps.testPayments) {
    api.route("/payments/test", testProviderRoutes({ provider: deps.testPayments, onIntent }));
  }
  // A path or method the API does not have. Last, after every route: the app that mounts the API
  // (the server's, the tests') never consults this app's notFound, and would answer in plain text.
  const noSuchRoute = (c: Context) => c.json(apiError("not-found", "No such API route"), 404);
  api.all("*", noSuchRoute);
  api.notFound(noSuchRoute);
  api.onError((error, c) => {
    if (error instanceof HTTPException) {
      // Middleware that built its own answer (the operator's bearer check) keeps it.
      if (error.res) return error.getResponse();
      return c.json(apiError("invalid-request", error.message), error.status as ContentfulStatusCode);
    }
    logger.error({ err: error, path: c.req.path }, "unhandled API error");
    return c.json(apiError("internal-error", "Something went wrong"), 500);
  });
  return api;
}

/** Stripe's sources are allowed where Stripe takes the payments. */
export const thirdPartiesOf = (payments: PaymentProvider): ThirdParties => ({
  stripe: payments.browser.kind === "stripe",
});

export async function createApp(deps: AppDeps): Promise<Hono> {
  const { logger, distDir } = deps;
  const requestLimits = deps.requestLimits ?? databaseLimits(deps.database.db);
  const app = new Hono();
  // Who the client is, first: every limit after it counts them, not the proxy in front.
  app.use(clientMiddleware(deps.proxyTrust ?? NO_PROXY));
  const answers =
    deps.answerPolicy ??
    (await createAnswerPolicy({
      inline: deps.inlineSources ?? inlineSources(null),
      thirdParties: thirdPartiesOf(deps.payments),
      origins: deps.origins,
      logger,
    }));
  app.use(...appMiddleware(answers));
  app.onError((error, c) => {
    logger.error({ err: error, path: c.req.path }, "unhandled error");
    return c.text("Internal error", 500);
  });
  const api = new Hono().route("/api", createApi({ ...deps, requestLimits }));
  app.route("/", api);
  // A mounted app's notFound is not consulted by its parent: close /api here, before the pages.
  app.all("/api/*", (c) => c.json(apiError("not-found", "No such API route"), 404));
  if (deps.metrics) app.route("/metrics", metricsRoutes(deps.metrics.shop, deps.metrics.access));
  app.route("/", seoRoutes(deps.catalog, deps.origins.publicOrigin));
  app.route("/newsletter", newsletterPages({ db: deps.database.db, now: () => new Date() }));
  app.route(REVIEW_PAGE, reviewPages({ db: deps.database.db, limits: requestLimits, now: () => new Date() }));
  app.route(
    BACK_IN_STOCK_PAGES.form,
    backInStockPages({ db: deps.database.db, origins: deps.origins, logger, limits: requestLimits }),
  );
  if (deps.testPayments) {
    app.route(
      TEST_PROVIDER_PAGES,
      testProviderPages({ provider: deps.testPayments, onIntent: paymentListener(deps) }),
    );
  }
  // Uploaded pictures (decision 055), before the build's /media/* would answer 404 for them.
  app.route("/media/uploads", pictureFileRoutes(deps.pictures));
  if (distDir) {
    app.route("/", staticFiles(join(distDir, "client")));
    // The back office's own pages and files (issue 30), before the storefront's pages take every path.
    const backOffice = { distDir, logger, apiFetch: async (request: Request) => api.fetch(request) };
    app.route(
      "/gestion",
      await backOfficePages({ ...backOffice, limits: requestLimits, renderLimit: deps.pageRenderLimit }),
    );
    const pages = await pagesRoutes({
      distDir,
      origins: deps.origins,
      testMode: deps.payments.name === TEST_CARD_PROVIDER,
      logger,
      // Pages call the API's handlers directly: logging, security headers and compression are
      // the page request's own, not run again for each call made while drawing it.
      apiFetch: async (request, env) => api.fetch(request, env),
      sessionUser: sessionReader(deps.auth, deps.sessionCache),
      limits: requestLimits,
      ...(deps.pageCache ? { pageCache: deps.pageCache } : {}),
      ...(deps.shopperCache ? { shopperCache: deps.shopperCache } : {}),
      ...(deps.pageRenderLimit !== undefined ? { renderLimit: deps.pageRenderLimit } : {}),
    });
    app.route("/", pages);
  }
  return app;
}
