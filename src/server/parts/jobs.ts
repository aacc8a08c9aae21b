import type { AppDeps } from "../app.ts";
import { shopOrderNotifier } from "../app.ts";
import { sweepStaleGuests } from "../auth/guest.ts";
import { databaseLimits } from "../http/rate-limit.ts";
import type { Logger } from "../logger.ts";
import { sweepUnusedPictures } from "../media/sweep-pictures.ts";
import { expireUnpaid } from "../orders/expire-unpaid.ts";
import { settlePayments } from "../orders/payment-settlement.ts";
import { followJobLeadership, type JobLeadership } from "./job-leader.ts";

const EVERY_MINUTE_MS = 60_000;
const EVERY_HOUR_MS = 60 * 60_000;
const EVERY_DAY_MS = 24 * EVERY_HOUR_MS;
/** How soon a job runs after its process takes the lead. */
const LEAD_CHECK_MS = 5_000;

/**
 * The server's own jobs, run on a timer that does not keep the process alive: payment steps not
 * yet confirmed, unpaid orders past their time, guests never used again, the request limits'
 * ended windows, and uploaded pictures nothing names. Of all the processes sharing the database,
 * only the jobs' leader runs them (issue 31); its stop gives the lead up, for another process to
 * take.
 */
export function startJobs(
  deps: Pick<AppDeps, "database" | "hub" | "mail" | "origins" | "auth" | "payments" | "pictures" | "logger">,
): () => Promise<void> {
  const { database, payments, logger } = deps;
  const leader = followJobLeadership(database, logger);
  const every = (ms: number, failure: string, job: () => Promise<void>) =>
    runEvery(ms, leader, logger, failure, job);
  // Captures, refunds and releases the provider has not confirmed yet (a failure, or a process
  // that stopped before asking) are asked for again until they go through.
  every(EVERY_MINUTE_MS, "payment settlement failed", async () => {
    const { settled, failed } = await settlePayments({ db: database.db, payments });
    if (settled > 0) logger.info({ settled }, "pending payment steps made");
    for (const { orderId, error } of failed)
      logger.error({ err: error, orderId }, "payment step failed; retrying later");
  });
  // Orders left unpaid past their time give their stock back (decision 034).
  const paying = {
    db: database.db,
    payments,
    notifier: shopOrderNotifier(deps),
    logger,
    now: () => new Date(),
  };
  every(EVERY_MINUTE_MS, "unpaid order expiry failed", async () => {
    const { expired } = await expireUnpaid(paying);
    if (expired > 0) logger.info({ expired }, "unpaid orders expired");
  });
  // Guests who never ordered are forgotten once unused for a while (decision 032).
  every(EVERY_HOUR_MS, "stale guest sweep failed", async () => {
    const swept = await sweepStaleGuests(database.db, new Date());
    if (swept > 0) logger.info({ swept }, "stale guests forgotten");
  });
  // The request limits' windows that have ended (decision 050).
  every(EVERY_HOUR_MS, "request limit sweep failed", async () => {
    await databaseLimits(database.db).sweep();
  });
  // Uploaded pictures nothing names, a week after their upload (decision 055's addendum).
  every(EVERY_DAY_MS, "unused picture sweep failed", async () => {
    const swept = await sweepUnusedPictures({ db: database.db, store: deps.pictures, now: new Date() });
    if (swept.length > 0) logger.info({ files: swept.length }, "unused uploaded pictures deleted");
  });
  return () => leader.stop();
}

/**
 * Runs a job every `ms` while this process leads, and once as soon as it has taken the lead (a
 * process that starts, or takes over, does not wait a whole period); a failure is logged under
 * `failure`. Runs never overlap within a process.
 */
function runEvery(
  ms: number,
  leader: JobLeadership,
  logger: Logger,
  failure: string,
  job: () => Promise<void>,
) {
  let running = false;
  let lastRun = 0;
  const tick = () => {
    if (!leader.leading || running || Date.now() - lastRun < ms) return;
    running = true;
    lastRun = Date.now();
    void job()
      .catch((error: unknown) => logger.error({ err: error }, failure))
      .finally(() => {
        running = false;
      });
  };
  setInterval(tick, Math.min(ms, LEAD_CHECK_MS)).unref();
  setTimeout(tick, 0).unref();
}
