import { queueBackInStockMails } from "../back-in-stock/back-in-stock-mails.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import type { Logger } from "../logger.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import { watchStockChanges } from "../stock/stock-changes.ts";

/**
 * «Avísame cuando vuelva» (issue 33): whenever a stock change is announced (here or in another
 * process), and at start and after a lost listener, the requests a return of stock made due are
 * queued and the outbox asked to deliver. Every process runs it; each request is claimed once.
 */
export async function startBackInStockMail(deps: {
  database: DatabaseHandle;
  mail: MailOutbox;
  origins: OriginPolicy;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const { database, mail, origins, logger } = deps;
  let running: Promise<void> | undefined;
  let again = false;
  const round = async () => {
    do {
      again = false;
      const queued = await queueBackInStockMails({
        db: database.db,
        mail,
        origin: origins.linkOrigin(),
        now: () => new Date(),
      });
      if (queued > 0) {
        logger.info({ queued }, "back-in-stock mails queued");
        await mail.deliver();
      }
    } while (again);
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((error: unknown) => logger.error({ err: error }, "back-in-stock mails not queued yet"))
      .finally(() => {
        running = undefined;
      });
  };
  const watch = await watchStockChanges(database, { onChange: run, onMissed: run }, logger);
  run();
  return async () => {
    await watch.close();
    await running;
  };
}
