import { brand } from "#shared/brand.ts";
import type { Lang } from "#shared/lang.ts";
import { escapeHtml } from "../mail/html.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { newsletterWords } from "./newsletter-words.ts";

/** The shop's pages of a subscription, reached from its mails. */
export const NEWSLETTER_PAGES = {
  confirm: "/newsletter/confirmar",
  unsubscribe: "/newsletter/baja",
} as const;

export type Subscriber = { email: string; locale: Lang; token: string };

const link = (origin: string, page: string, token: string) =>
  `${origin}${page}?token=${encodeURIComponent(token)}`;

/** The double opt-in mail: nothing else is sent to the address until its link is followed. */
export function confirmationMail(subscriber: Subscriber, origin: string): MailMessage {
  const w = newsletterWords[subscriber.locale];
  const url = link(origin, NEWSLETTER_PAGES.confirm, subscriber.token);
  return {
    to: subscriber.email,
    subject: w.confirmSubject,
    text: [...w.confirmMail, url, w.confirmIgnore, brand.shopName].join("\n\n"),
    html: [
      ...w.confirmMail.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(url)}">${escapeHtml(w.confirmButton)}</a></p>`,
      `<p>${escapeHtml(w.confirmIgnore)}</p>`,
      `<p style="color:#4f5a6b">${escapeHtml(brand.shopName)}</p>`,
    ].join("\n"),
  };
}

/**
 * One issue of the newsletter for one confirmed subscriber: a visible unsubscribe link at the end
 * and the List-Unsubscribe headers mail programs turn into a one-click button (RFC 8058).
 */
export function newsletterMail(
  subscriber: Subscriber,
  origin: string,
  issue: { subject: string; text: string },
): MailMessage {
  const w = newsletterWords[subscriber.locale];
  const url = link(origin, NEWSLETTER_PAGES.unsubscribe, subscriber.token);
  const paragraphs = issue.text.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== "");
  return {
    to: subscriber.email,
    subject: issue.subject,
    text: [...paragraphs, "—", w.unsubscribeLine, url].join("\n\n"),
    html: [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<hr><p style="color:#4f5a6b">${escapeHtml(w.unsubscribeLine)} <a href="${escapeHtml(url)}">${escapeHtml(w.unsubscribeButton)}</a></p>`,
    ].join("\n"),
    headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
