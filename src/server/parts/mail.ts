import { join } from "node:path";
import type { Database } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import { createMailOutbox, type MailOutbox } from "../mail/mail-outbox.ts";
import { createMailer } from "../mail/mailer.ts";

/**
 * The shop's mail: stored first and sent by the outbox, which retries until the mail server takes
 * it (decision 015). It sends once `start`ed, whose stop marks a message being sent as sent.
 */
export function createShopMail(env: Env, db: Database, logger: Logger): MailOutbox {
  return createMailOutbox({
    db,
    transport: createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: join(env.DATA_DIR, "outbox"),
      logger,
    }),
    logger,
  });
}
