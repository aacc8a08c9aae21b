import { and, count, desc, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import {
  SUBSCRIBERS_PAGE_SIZE,
  type SubscriberList,
  type SubscriberListQuery,
  type SubscriberRow,
} from "#shared/api/back-office-newsletter-contract.ts";
import { defaultLang, type Lang, parseLang } from "#shared/lang.ts";
import type { Database } from "../db/client.ts";
import { escapeLike } from "../db/like-pattern.ts";
import { newsletterSubscriptions } from "../db/schema.ts";
import { toCsv } from "./csv.ts";

const subscriptions = newsletterSubscriptions;

/**
 * The newsletter's subscribers (issue 32, decision 054), newest first: a page and the count of
 * all matches, with the whole list's confirmed and pending counts beside them.
 */
export async function searchSubscribers(db: Database, query: SubscriberListQuery): Promise<SubscriberList> {
  const where = matching(query);
  const [rows, counted, states] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((query.page - 1) * SUBSCRIBERS_PAGE_SIZE),
    db.select({ total: count() }).from(subscriptions).where(where),
    db
      .select({
        confirmed: sql<number>`count(${subscriptions.confirmedAt})::int`,
        pending: sql<number>`(count(*) - count(${subscriptions.confirmedAt}))::int`,
      })
      .from(subscriptions),
  ]);
  return {
    items: rows.map(subscriberRow),
    total: counted[0]?.total ?? 0,
    page: query.page,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
    counts: { confirmed: states[0]?.confirmed ?? 0, pending: states[0]?.pending ?? 0 },
  };
}

/** Every subscriber the query matches (not a page), as the CSV export writes them. */
export async function subscribersCsv(
  db: Database,
  query: SubscriberListQuery,
): Promise<{ csv: string; rows: number }> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(matching(query))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  const header = ["correo", "idioma", "estado", "consentimiento", "confirmacion"];
  const lines = rows
    .map(subscriberRow)
    .map((row) => [row.email, row.locale, stateWords[row.state], row.consentedAt, row.confirmedAt ?? ""]);
  return { csv: toCsv(header, lines), rows: rows.length };
}

/** The confirmed subscribers, by the language their issue is written in: who an issue goes to. */
export async function confirmedByLanguage(db: Database): Promise<Record<Lang, number>> {
  const rows = await db
    .select({ locale: subscriptions.locale, n: count() })
    .from(subscriptions)
    .where(isNotNull(subscriptions.confirmedAt))
    .groupBy(subscriptions.locale);
  const counts = { es: 0, pt: 0 };
  for (const { locale, n } of rows) counts[parseLang(locale) ?? defaultLang] += n;
  return counts;
}

const stateWords = { pending: "pendiente", confirmed: "confirmado" } as const;

/** Any part of the address (kept lower-case), and the state asked for. */
function matching({ q, state }: SubscriberListQuery): SQL | undefined {
  return and(
    q === undefined ? undefined : sql`${subscriptions.email} like ${`%${escapeLike(q.toLowerCase())}%`}`,
    state === "confirmed" ? isNotNull(subscriptions.confirmedAt) : undefined,
    state === "pending" ? isNull(subscriptions.confirmedAt) : undefined,
  );
}

function subscriberRow(row: typeof subscriptions.$inferSelect): SubscriberRow {
  return {
    email: row.email,
    locale: parseLang(row.locale) ?? defaultLang,
    state: row.confirmedAt ? "confirmed" : "pending",
    consentedAt: row.consentedAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}
