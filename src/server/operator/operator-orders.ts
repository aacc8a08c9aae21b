import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { OperatorOrderRow, operatorOrderListQuerySchema } from "#shared/api/order-contract.ts";
import type { Database } from "../db/client.ts";
import { orderLine, shopOrder } from "../db/schema.ts";

/** The orders the operator works through, newest first, optionally only those in one status. */
export async function listOrdersForOperator(
  db: Database,
  { status, limit }: z.output<typeof operatorOrderListQuerySchema>,
): Promise<OperatorOrderRow[]> {
  const rows = await db
    .select({
      number: shopOrder.number,
      status: shopOrder.status,
      placedAt: shopOrder.placedAt,
      buyer: shopOrder.buyer,
      address: shopOrder.address,
      totalCents: shopOrder.totalCents,
      units: sql<number>`(select coalesce(sum(${orderLine.quantity}), 0)::int from ${orderLine} where ${orderLine.orderId} = ${shopOrder.id})`,
    })
    .from(shopOrder)
    // Orders not paid yet have no number and nothing to pack (decision 034).
    .where(and(isNotNull(shopOrder.number), status ? eq(shopOrder.status, status) : undefined))
    .orderBy(desc(shopOrder.placedAt), desc(shopOrder.number))
    .limit(limit);
  return rows.flatMap(({ number, status, placedAt, buyer, address, totalCents, units }) =>
    number === null
      ? []
      : [
          {
            number,
            status,
            placedAt: placedAt.toISOString(),
            buyer: `${buyer.name} ${buyer.lastName}`,
            email: buyer.email,
            destination: `${address.postalCode} ${address.city} (${address.country})`,
            units: Number(units),
            totalCents,
          },
        ],
  );
}
