import { and, eq, lt } from "drizzle-orm";
import type { Transaction } from "../db/client.ts";
import { orderLine, reviewInvitation } from "../db/schema.ts";
import { escapeHtml } from "../mail/html.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { LoadedOrder } from "../orders/order-views.ts";
import { reviewWords } from "./review-words.ts";

/** The page a review invitation's link opens (ES and PT alike; the invitation knows its language). */
export const REVIEW_PAGE = "/opinar";

export const reviewLink = (origin: string, token: string) => `${origin}${REVIEW_PAGE}/${token}`;

type Invited = { token: string; productName: string };

/**
 * A delivered order's invitations to review (issue 33): one token per line, made once, and one
 * mail in the order's language linking to each, queued in the delivery's own transaction. A line
 * refunded whole before delivery was not bought in the end: no invitation for it.
 */
export async function inviteToReview(
  tx: Transaction,
  outbox: { queue(tx: Transaction, message: MailMessage, key?: string): Promise<void> },
  { view, lang }: LoadedOrder,
  origin: string,
): Promise<void> {
  const lines = await tx
    .select({ position: orderLine.position, productId: orderLine.productId, name: orderLine.name })
    .from(orderLine)
    .where(and(eq(orderLine.orderId, view.id), lt(orderLine.refundedQuantity, orderLine.quantity)));
  if (lines.length === 0) return;
  await tx
    .insert(reviewInvitation)
    .values(lines.map((line) => ({ orderId: view.id, ...line, productName: line.name, locale: lang })))
    .onConflictDoNothing();
  const invited = await tx
    .select({ token: reviewInvitation.token, productName: reviewInvitation.productName })
    .from(reviewInvitation)
    .where(eq(reviewInvitation.orderId, view.id))
    .orderBy(reviewInvitation.position);
  const message = invitationMail(
    { to: view.buyer.email, name: view.buyer.name, number: view.number ?? view.id.slice(0, 8), lang },
    invited,
    origin,
  );
  await outbox.queue(tx, message, `order:${view.id}:opiniones`);
}

export function invitationMail(
  to: { to: string; name: string; number: string; lang: LoadedOrder["lang"] },
  invited: readonly Invited[],
  origin: string,
): MailMessage {
  const w = reviewWords[to.lang];
  const links = invited.map((line) => ({
    label: w.mailLink(line.productName),
    url: reviewLink(origin, line.token),
  }));
  const intro = w.mailIntro(to.name);
  return {
    to: to.to,
    subject: w.mailSubject(to.number),
    text: [...intro, ...links.map((link) => `${link.label}: ${link.url}`), w.signature].join("\n\n"),
    html: [
      ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<ul>${links.map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></li>`).join("")}</ul>`,
      `<p style="color:#4f5a6b">${escapeHtml(w.signature)}</p>`,
    ].join("\n"),
  };
}
