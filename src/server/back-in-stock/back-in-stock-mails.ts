import { BACK_IN_STOCK_PAGES } from "#shared/back-in-stock-pages.ts";
import { brand } from "#shared/brand.ts";
import { paths } from "#shared/paths.ts";
import type { Database } from "../db/client.ts";
import { escapeHtml } from "../mail/html.ts";
import { mailLink } from "../mail/mail-link.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { type BackInStockWaiter, claimDue, productNames } from "./back-in-stock-repository.ts";
import { backInStockWords } from "./back-in-stock-words.ts";

const BATCH = 200;

/** The one mail of a request: the product is back, its page, and how to cancel the request. */
export function backInStockMail(waiter: BackInStockWaiter, productName: string, origin: string): MailMessage {
  const w = backInStockWords[waiter.locale];
  const productUrl = mailLink(origin, paths.product(waiter.productId), waiter.locale);
  const cancelUrl = `${origin}${BACK_IN_STOCK_PAGES.unsubscribe}?token=${encodeURIComponent(waiter.token)}`;
  const lines = w.mailLines(productName);
  return {
    to: waiter.email,
    subject: w.mailSubject(productName),
    text: [...lines, productUrl, "—", w.mailFooter, cancelUrl, brand.shopName].join("\n\n"),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(productUrl)}">${escapeHtml(w.mailButton)}</a></p>`,
      `<hr><p style="color:#4f5a6b">${escapeHtml(w.mailFooter)} <a href="${escapeHtml(cancelUrl)}">${escapeHtml(w.unsubscribeButton)}</a></p>`,
      `<p style="color:#4f5a6b">${escapeHtml(brand.shopName)}</p>`,
    ].join("\n"),
    headers: { "List-Unsubscribe": `<${cancelUrl}>` },
  };
}

/**
 * Queues the mail of every request a return of stock made due, each in the transaction that marks
 * it notified (so it is queued once or not at all), a batch at a time. Safe to run in several
 * processes at once. Resolves to how many were queued; the caller then asks the outbox to deliver.
 */
export async function queueBackInStockMails(deps: {
  db: Database;
  mail: MailOutbox;
  origin: string;
  now: () => Date;
}): Promise<number> {
  let queued = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const waiters = await claimDue(tx, deps.now(), BATCH);
      const names = await productNames(tx, [...new Set(waiters.map((waiter) => waiter.productId))]);
      const messages = waiters.map((waiter) => ({
        message: backInStockMail(waiter, nameOf(names.get(waiter.productId), waiter), deps.origin),
        key: `back-in-stock:${waiter.id}:${waiter.restockedAt?.toISOString() ?? ""}`,
      }));
      await deps.mail.queueAll(tx, messages);
      return waiters.length;
    });
    queued += count;
    if (count < BATCH) return queued;
  }
}

const nameOf = (names: { es: string; pt: string } | undefined, waiter: BackInStockWaiter) =>
  names ? names[waiter.locale] : `#${waiter.productId}`;
