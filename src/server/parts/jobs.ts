import type { AppDeps } from "../app.ts";
import { shopOrderNotifier } from "../app.ts";
import { sweepStaleGuests } from "../auth/guest.ts";
import type { Logger } from "../logger.ts";
import { expireUnpaid } from "../orders/expire-unpaid.ts";
import { settlePayments } from "../orders/payment-settlement.ts";

const EVERY_MINUTE_MS = 60_000;
const EVERY_HOUR_MS = 60 * 60_000;

/**
 * The server's own jobs, run at once and then on a timer that does not keep the process alive
 * (so they need no stop): payment steps not yet confirmed, unpaid orders past their time, and
 * guests never used again.
 */
export function startJobs(
  deps: Pick<AppDeps, "database" | "hub" | "mail" | "origins" | "auth" | "payments" | "logger">,
) {
  const { database, payments, logger } = deps;
  // Captures, refunds and releases the provider has not confirmed yet (a failure, or a process
  // that stopped before asking) are asked for again until they go through.
  every(EVERY_MINUTE_MS, logger, "payment settlement failed", async () => {
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
  every(EVERY_MINUTE_MS, logger, "unpaid order expiry failed", async () => {
    const { expired } = await expireUnpaid(paying);
    if (expired > 0) logger.info({ expired }, "unpaid orders expired");
  });
  // Guests who never ordered are forgotten once unused for a while (decision 032).
  every(EVERY_HOUR_MS, logger, "stale guest sweep failed", async () => {
    const swept = await sweepStaleGuests(database.db, new Date());
    if (swept > 0) logger.info({ swept }, "stale guests forgotten");
  });
}

/** Runs a job now and every `ms`, logging a failure under `failure`. */
function every(ms: number, logger: Logger, failure: string, job: () => Promise<void>) {
  const run = () => void job().catch((error: unknown) => logger.error({ err: error }, failure));
  run();
  setInterval(run, ms).unref();
}
