import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalog } from "#catalog/builtin-catalog.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { cartLine, mailOutbox, numberSeries, productStock, shopOrder, user } from "../db/schema.ts";
import { madridAddress } from "../testing/order-fixtures.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { priceCheckout } from "./checkout-quote.ts";
import { loadOrder, type OrderRows, toLoadedOrder } from "./order-views.ts";
import { newOrderRows, PAY_WITHIN_MS, storeOrder } from "./store-order.ts";

let database: DatabaseHandle;
const catalog = builtinCatalog();
const placedAt = new Date("2031-03-04T10:11:12.345Z");

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(productStock).values([
    { productId: 1, available: 100 },
    { productId: 2, available: 100 },
    { productId: 36, available: 1 },
  ]);
});
afterAll(() => database.close());

/** Lines as [product, quantity], in the order they were added to the cart. */
type Cart = [number, number][];

async function buyerWithCart(cart: Cart): Promise<string> {
  const id = randomUUID();
  await database.db.insert(user).values({ id, name: "Ana", lastName: "García", email: `${id}@example.com` });
  await database.db
    .insert(cartLine)
    .values(cart.map(([productId, quantity]) => ({ userId: id, productId, quantity })));
  return id;
}

/** A new order of these lines for this buyer, as the checkout makes it. */
async function rowsFor(userId: string, cart: Cart): Promise<OrderRows> {
  const priced = await priceCheckout(
    database.db,
    catalog,
    { id: userId },
    { addressId: "a", shippingMethod: "standard" },
    placedAt,
    {
      cart: cart.map(([productId, quantity]) => ({ productId, quantity, available: 99 })),
      destination: madridAddress,
      placed: null,
    },
  );
  if (!priced.ok) throw new Error(priced.error);
  return newOrderRows({
    buyer: { id: userId, email: `${userId}@example.com` },
    request: {
      idempotencyKey: randomUUID(),
      invoice: { name: "Ana", lastName: "García", company: "", taxId: "" },
    },
    quote: priced.quote,
    lang: "pt",
    placedAt,
  });
}

const availableOf = async (ids: number[]) =>
  Object.fromEntries(
    (await database.db.select().from(productStock).where(inArray(productStock.productId, ids))).map((row) => [
      row.productId,
      row.available,
    ]),
  );

describe("storing an order in one statement", () => {
  it("writes exactly the rows given, awaiting payment and unnumbered, takes the stock and empties the cart", async () => {
    const cart: Cart = [
      [1, 2],
      [36, 1],
    ];
    const userId = await buyerWithCart(cart);
    const rows = await rowsFor(userId, cart);
    const before = await availableOf([1, 36]);

    const stored = await database.db.transaction((tx) => storeOrder(tx, rows));

    expect(stored).toBe(true);
    // The order read back is the one made from the rows given: nothing added, lost or changed.
    const loaded = await loadOrder(database.db, rows.id);
    expect(loaded).toEqual(toLoadedOrder(rows));
    expect(loaded?.view).toMatchObject({
      status: "pendiente-pago",
      number: null,
      invoices: [],
      payment: null,
    });
    expect(loaded?.view.payBy).toBe(new Date(placedAt.getTime() + PAY_WITHIN_MS).toISOString());
    expect(loaded?.lang).toBe("pt");
    expect(await availableOf([1, 36])).toEqual({ 1: (before[1] ?? 0) - 2, 36: (before[36] ?? 0) - 1 });
    expect(await database.db.select().from(cartLine).where(eq(cartLine.userId, userId))).toEqual([]);
    // Nothing is numbered or mailed before the money is in (decision 034).
    expect(await database.db.select().from(numberSeries)).toEqual([]);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it("writes nothing but what the caller rolls back when a line is short of stock", async () => {
    const cart: Cart = [
      [2, 1],
      [36, 5],
    ];
    const userId = await buyerWithCart(cart);
    const rows = await rowsFor(userId, cart);
    const before = await availableOf([2, 36]);

    class RolledBack extends Error {}
    let stored: boolean | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        stored = await storeOrder(tx, rows);
        expect(await tx.select().from(shopOrder).where(eq(shopOrder.id, rows.id))).toEqual([]);
        expect(await tx.select().from(cartLine).where(eq(cartLine.userId, userId))).toHaveLength(2);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(stored).toBe(false);
    expect(await availableOf([2, 36])).toEqual(before);
  });

  it("never deadlocks two orders holding the same products in opposite orders", async () => {
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const oneTwo: Cart = [
          [1, 1],
          [2, 1],
        ];
        const twoOne: Cart = [
          [2, 1],
          [1, 1],
        ];
        const first = await buyerWithCart(oneTwo);
        const second = await buyerWithCart(twoOne);
        return [await rowsFor(first, oneTwo), await rowsFor(second, twoOne)];
      }),
    );
    // The second cart lists product 2 first: its lines are written in that order.
    expect(pairs[0]?.[1]?.lines.map((line) => line.productId)).toEqual([2, 1]);
    const before = await availableOf([1, 2]);
    const stored = await Promise.all(
      pairs.flat().map((rows) => database.db.transaction((tx) => storeOrder(tx, rows))),
    );
    expect(stored.every(Boolean)).toBe(true);
    expect(await availableOf([1, 2])).toEqual({ 1: (before[1] ?? 0) - 20, 2: (before[2] ?? 0) - 20 });
  });
});
