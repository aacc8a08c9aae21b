import { and, count, desc, eq, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type {
  CustomerList,
  CustomerListQuery,
  CustomerRow,
} from "#shared/api/back-office-customer-contract.ts";
import type { Database } from "../db/client.ts";
import { escapeLike } from "../db/like-pattern.ts";
import { foldedText, phoneDigits } from "../db/order-search-keys.ts";
import { address, newsletterSubscriptions, personalData, shopOrder, user } from "../db/schema.ts";

/**
 * The back office's customers (issue 30): accounts, newest first, never guests (decision 045: a
 * guest's name and address live on its orders, found in the order list, and its erasure is asked
 * from the order's link). A page and the count of all matches, side by side.
 */
export async function searchCustomers(db: Database, query: CustomerListQuery): Promise<CustomerList> {
  const where = and(
    sql`${user.isAnonymous} is not true`,
    query.q === undefined ? undefined : matchesText(query.q),
  );
  const { page, pageSize } = query;
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        lastName: user.lastName,
        email: user.email,
        createdAt: user.createdAt,
        orders: sql`(select count(*) from ${shopOrder} where ${eq(shopOrder.userId, user.id)} and ${isNotNull(shopOrder.number)})`,
        newsletter: sql`exists (select 1 from ${newsletterSubscriptions} where ${eq(newsletterSubscriptions.email, userEmail)} and ${isNotNull(newsletterSubscriptions.confirmedAt)})`,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(user).where(where),
  ]);
  return { items: rows.map((row) => rowSchema.parse(row)), total: counted[0]?.total ?? 0, page, pageSize };
}

// Written whole: in a select list Drizzle names a column without its table, which a subquery
// on another table with an "email" of its own would read as its own.
const userEmail = sql`lower("user"."email")`;

const rowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    lastName: z.string(),
    email: z.string(),
    createdAt: z.date(),
    orders: z.coerce.number().int(),
    newsletter: z.boolean(),
  })
  .transform(({ createdAt, ...row }): CustomerRow => ({ ...row, createdAt: createdAt.toISOString() }));

/** What a phone is typed with; three digits at least, so "+34" alone is not every Spanish phone. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * Free text read as what it can be, any of them matching, each from its start, case and accents
 * aside (the order search's expressions, `db/order-search-keys.ts`). The user table has no index
 * on these yet: a scan, fine for the shop's thousands of accounts (see decision 045).
 */
function matchesText(q: string): SQL {
  const start = `${escapeLike(q)}%`;
  const kinds: SQL[] = [];
  if (PHONE_LIKE.test(q) && (q.match(/\d/g)?.length ?? 0) >= 3) {
    const digits = sql`(${phoneDigits(sql`${q}::text`)} || '%')`;
    kinds.push(
      sql`exists (select 1 from ${personalData} where ${eq(personalData.userId, user.id)} and ${phoneDigits(sql`${personalData.phone}`)} like ${digits})`,
      sql`exists (select 1 from ${address} where ${eq(address.userId, user.id)} and ${phoneDigits(sql`${address.phone}`)} like ${digits})`,
    );
  }
  const hasLetter = /\p{L}/u.test(q);
  if (!q.includes(" ") && (hasLetter || q.includes("@")))
    kinds.push(sql`lower(${user.email}) like lower(${start}::text)`);
  if (hasLetter && !q.includes("@")) {
    const folded = foldedText(sql`${start}::text`);
    kinds.push(
      sql`${foldedText(sql`${user.name} || ' ' || ${user.lastName}`)} like ${folded}`,
      sql`${foldedText(sql`${user.lastName}`)} like ${folded}`,
    );
  }
  return or(...kinds) ?? sql`false`;
}
