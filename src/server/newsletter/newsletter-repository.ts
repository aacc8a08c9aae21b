import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { defaultLang, type Lang, parseLang } from "#shared/lang.ts";
import type { Database, Transaction } from "../db/client.ts";
import { newsletterSubscriptions } from "../db/schema.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import { confirmationMail, type Subscriber } from "./newsletter-mails.ts";

/** The confirmation link is not mailed to one address more often than this. */
export const CONFIRMATION_RESEND_MS = 60 * 60 * 1000;

/**
 * Asks for a subscription: a new address is stored unconfirmed and mailed its confirmation link,
 * in one transaction with the mail; a pending one is mailed again at most once an hour; a
 * confirmed one gets nothing. The caller answers the same in every case, so the form tells no one
 * whether an address is subscribed.
 */
export async function requestSubscription(
  { db, mail, origin }: { db: Database; mail: MailOutbox; origin: string },
  input: { email: string; locale: Lang; now: Date },
): Promise<void> {
  const email = input.email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx
      .insert(newsletterSubscriptions)
      .values({ email, locale: input.locale, consentedAt: input.now })
      .onConflictDoNothing({ target: newsletterSubscriptions.email });
    const [row] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
      .for("update");
    if (!row || row.confirmedAt) return;
    const last = row.confirmationSentAt?.getTime();
    if (last !== undefined && input.now.getTime() - last < CONFIRMATION_RESEND_MS) return;
    await tx
      .update(newsletterSubscriptions)
      .set({ confirmationSentAt: input.now, consentedAt: input.now })
      .where(eq(newsletterSubscriptions.id, row.id));
    await mail.queue(tx, confirmationMail(subscriberOf(row), origin));
  });
}

/** The subscription a mailed link names, if it still exists. */
export async function findByToken(db: Database, token: string): Promise<Subscriber | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.token, token));
  return row ? subscriberOf(row) : undefined;
}

/** The link was followed and the button pressed: newsletters may go to the address. */
export async function confirmSubscription(
  db: Database,
  token: string,
  now: Date,
): Promise<Subscriber | undefined> {
  await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: now })
    .where(and(eq(newsletterSubscriptions.token, token), isNull(newsletterSubscriptions.confirmedAt)));
  return findByToken(db, token);
}

/** Unsubscribing forgets the address altogether. */
export async function unsubscribe(db: Database, token: string): Promise<Subscriber | undefined> {
  const [row] = await db
    .delete(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.token, token))
    .returning();
  return row ? subscriberOf(row) : undefined;
}

/** Everyone who confirmed: the recipients of a newsletter. */
export async function confirmedSubscribers(db: Database | Transaction): Promise<Subscriber[]> {
  const rows = await db
    .select()
    .from(newsletterSubscriptions)
    .where(isNotNull(newsletterSubscriptions.confirmedAt));
  return rows.map(subscriberOf);
}

function subscriberOf(row: typeof newsletterSubscriptions.$inferSelect): Subscriber {
  return { email: row.email, locale: parseLang(row.locale) ?? defaultLang, token: row.token };
}
