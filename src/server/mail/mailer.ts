import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. a newsletter's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
};

export type Mailer = { send(message: MailMessage): Promise<void> };

export type MailerOptions = {
  /** smtp://user:pass@host:port (or smtps://); without it, mail goes to the outbox folder. */
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
};

/**
 * Sends the shop's mail over SMTP when SMTP_URL is set. Without it (the embedded default) each
 * message is written to the outbox folder as an .eml file and its links are logged, so a local
 * shopper can still follow a password-reset link.
 */
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`);
      await writeFile(file, info.message);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: message.to, subject: message.subject, file, links }, "mail written to the outbox");
    },
  };
}
