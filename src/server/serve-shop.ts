import { startLiveCatalog } from "./catalog/live-catalog.ts";
import type { Env } from "./env.ts";
import { createReadiness } from "./health/readiness.ts";
import { createShopMetrics } from "./http/metrics.ts";
import { createOriginPolicy } from "./http/origin-policy.ts";
import { createChangeHub } from "./live/change-hub.ts";
import type { Logger } from "./logger.ts";
import { pictureStoreFromEnv } from "./media/picture-store-from-env.ts";
import { startBackInStockMail } from "./parts/back-in-stock.ts";
import { startPageCaches } from "./parts/caches.ts";
import { openShopDatabase } from "./parts/database.ts";
import { openFrontDoor, shopAnswerPolicy } from "./parts/front-door.ts";
import { startIdentity } from "./parts/identity.ts";
import { startJobs } from "./parts/jobs.ts";
import { listen, type ProcessRole, type Stop } from "./parts/listener.ts";
import { createShopMail } from "./parts/mail.ts";
import { choosePayments, paymentsOn } from "./parts/payments.ts";

/**
 * One server process of the shop, as a list of its parts (decision 040), each started in turn
 * and stopped in reverse on SIGTERM or SIGINT. `npm start` runs one; with WORKERS above 1 each
 * worker runs one on the same port and database (decision 027).
 */
export async function serveShop(env: Env, logger: Logger, role: ProcessRole = {}): Promise<void> {
  const choice = choosePayments(env, logger);
  const readiness = createReadiness();
  const stops: Stop[] = [];
  const database = await openShopDatabase(env, logger);
  stops.push(() => database.close());
  const catalog = await startLiveCatalog(database, logger);
  stops.push(catalog.close);
  const { payments, testPayments } = paymentsOn(choice, database.db);
  const origins = createOriginPolicy({ publicUrl: env.PUBLIC_URL, port: env.PORT });
  const mail = createShopMail(env, database.db, logger);
  const hub = await createChangeHub(database, logger);
  stops.push(() => hub.close());
  const identity = await startIdentity({ env, database, catalog, hub, mail, origins, logger });
  stops.push(identity.stop);
  const answers = await shopAnswerPolicy(payments, origins, logger);
  const caches = await startPageCaches({ env, database, catalog, hub, headers: answers.headers, logger });
  stops.push(caches.stop);
  const metrics = createShopMetrics(
    { database, hub, ...(caches.pageCache ? { pageCache: caches.pageCache.stats } : {}) },
    role.worker === undefined ? {} : { worker: String(role.worker) },
  );
  logger.info({ provider: payments.provider.name }, "payments");
  const pictures = pictureStoreFromEnv(env);
  const frontDoor = await openFrontDoor({
    env,
    logger,
    database,
    catalog,
    hub,
    mail,
    origins,
    payments,
    testPayments,
    pictures,
    identity,
    caches,
    answers,
    readiness,
    metrics,
  });
  stops.push(
    startJobs({
      database,
      hub,
      mail,
      origins,
      auth: identity.auth,
      payments: payments.provider,
      pictures,
      logger,
    }),
  );
  // «Avísame cuando vuelva»: the mails a return of stock makes due, from any process (issue 33).
  stops.push(await startBackInStockMail({ database, mail, origins, logger }));
  // Mail left by an earlier process, and mail waiting for a retry; its stop comes first, before
  // the database closes, so a message being sent is marked sent, not sent again later.
  stops.push(mail.start());
  listen({ env, frontDoor, role, logger, databaseKind: database.kind, stops, readiness });
}
