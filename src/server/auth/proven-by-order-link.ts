import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { shopOrder, user } from "../db/schema.ts";

/**
 * Opening an order mail's signed link proves the address (issue 28, decision 033 amended) when
 * the browser is signed in to an account whose address is the one the order was mailed to: the
 * session shows the opener holds the account (its password), the link — sent to that mailbox
 * only, shown on no page — that they read the mailbox. That is what the code proves at sign-up,
 * so a shopper who ordered before proving is not asked for more. A link opened without that
 * session (a mail scanner, the owner of an address someone else registered) proves nothing.
 * Answers whether the account's address is proven now. Called by the order link's routes.
 */
export async function provenByOrderLink(db: Database, accountId: string, orderId: string): Promise<boolean> {
  const proven = await db
    .update(user)
    .set({ emailVerified: true })
    .where(
      and(
        eq(user.id, accountId),
        eq(user.emailVerified, false),
        sql`coalesce(${user.isAnonymous}, false) = false`,
        sql`exists (select 1 from ${shopOrder} where ${shopOrder.id} = ${orderId}
          and lower(${shopOrder.buyer} ->> 'email') = lower(${user.email}))`,
      ),
    )
    .returning({ id: user.id });
  return proven.length === 1;
}
