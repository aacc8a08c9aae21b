import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressesView } from "#shared/api/address-contract.ts";
import type { OperatorOrderRow, OrderStatus, OrderView, QuoteView } from "#shared/api/order-contract.ts";
import {
  cartLine,
  invoice,
  numberSeries,
  orderLine,
  payment,
  productStock,
  shopOrder,
  user,
} from "../db/schema.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import { createTestCardProvider } from "../payments/test-card-provider.ts";
import { createTestApi, TEST_OPERATOR_TOKEN, type TestApi } from "../testing/test-app.ts";
import { body, madridAddress, orderRequest, type Shopper } from "../testing/test-orders.ts";
import { asShopper, signUpShopper } from "../testing/test-users.ts";
import { settlePayments } from "./payment-settlement.ts";

/**
 * Issue 11, as a property: whatever the order in which several shoppers fill carts, check out,
 * cancel and ask for returns while the operator prepares, ships, delivers, takes returns back and
 * cancels (and the settlement job runs), with steps sent at the same time so that they really
 * race, the database and the card provider stay consistent: no stock lost or made up, no money
 * taken without an order or kept after a refund, every refund with its credit note, one payment
 * per order and gapless numbers.
 */

/** What the card provider really did, per payment, whatever the shop's records say. */
type ProviderPayment = {
  amountCents: number;
  state: "authorized" | "captured" | "cancelled" | "refunded";
  capturedCents: number;
  refundedCents: number;
};

/**
 * The built-in test cards behind a ledger of every hold, capture, release and refund, with the
 * latency of a real provider so that the shop's steps interleave around its calls.
 */
function ledgerProvider() {
  const inner = createTestCardProvider();
  const ledger = new Map<string, ProviderPayment>();
  /** Captures whose answer a test holds back, as a slow network would, after the money is taken. */
  const heldAnswers: { reached: () => void; released: Promise<void> }[] = [];
  const latency = () => sleep(Math.floor(Math.random() * 4));
  const entry = (reference: string) => {
    const found = ledger.get(reference);
    if (!found) throw new Error(`The provider never authorized ${reference}`);
    return found;
  };
  const provider: PaymentProvider = {
    name: inner.name,
    async authorize(request) {
      await latency();
      const answer = await inner.authorize(request);
      if (answer.ok) {
        ledger.set(answer.reference, {
          amountCents: request.amountCents,
          state: "authorized",
          capturedCents: 0,
          refundedCents: 0,
        });
      }
      return answer;
    },
    async capture(reference) {
      await latency();
      await inner.capture(reference);
      const found = entry(reference);
      found.state = "captured";
      found.capturedCents = found.amountCents;
      const held = heldAnswers.shift();
      if (held) {
        held.reached();
        await held.released;
      }
    },
    async cancel(reference) {
      await latency();
      await inner.cancel(reference);
      const found = entry(reference);
      if (found.state === "authorized") found.state = "cancelled";
    },
    async refund(reference, amountCents) {
      await latency();
      const found = entry(reference);
      // Recorded as asked, so that a refund larger than the payment shows in the checks below.
      if (found.state === "captured") {
        found.state = "refunded";
        found.refundedCents += amountCents;
      }
      await inner.refund(reference, amountCents);
    },
  };
  /** Holds back the answer to the next capture: `reached` once the money is taken, until `release`. */
  function holdNextCaptureAnswer() {
    let reached = () => {};
    let release = () => {};
    const reachedPromise = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    heldAnswers.push({ reached, released });
    return { reached: reachedPromise, release };
  }
  return { provider, ledger, holdNextCaptureAnswer };
}

const SHOPPERS = 3;
/** The products the shoppers fight over; each run gives them only a few units. */
const PRODUCTS = [1, 2, 3] as const;
const OPERATOR_STEPS = ["prepare", "ship", "deliver", "receive-return", "cancel"] as const;
/** Statuses whose units are back on the shelf (cancel and receive-return restock). */
const RESTOCKED: readonly OrderStatus[] = ["cancelado", "devuelto"];

type OperatorStep = (typeof OPERATOR_STEPS)[number];
type Command =
  | { kind: "add"; shopper: number; product: number; quantity: number }
  /** Quote and pay; `copies` sends the same checkout (one idempotency key) that many times at once. */
  | { kind: "checkout"; shopper: number; copies: number }
  | { kind: "cancel"; shopper: number; pick: number }
  | { kind: "return"; shopper: number; pick: number }
  /**
   * A step on an order of this run (`known`), on the newest order the operator's list shows as
   * paid, or on the number the next checkout will get, as soon as it exists (racing the checkout
   * that is storing it and taking its money).
   */
  | { kind: "operator"; step: OperatorStep; target: "known" | "newest" | "next"; pick: number }
  /** The next step of an unfinished order of this run, as its status calls for (mostly the operator's). */
  | { kind: "advance"; pick: number }
  /** The settlement job the server runs every minute. */
  | { kind: "settle" };

const shopperIndex = fc.integer({ min: 0, max: SHOPPERS - 1 });
const pick = fc.nat({ max: 20 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      shopper: shopperIndex,
      product: fc.constantFrom(...PRODUCTS),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("checkout" as const),
      shopper: shopperIndex,
      copies: fc.integer({ min: 1, max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("cancel" as const), shopper: shopperIndex, pick }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("return" as const), shopper: shopperIndex, pick }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("operator" as const),
      step: fc.constantFrom(...OPERATOR_STEPS),
      target: fc.constantFrom("known" as const, "known" as const, "newest" as const, "next" as const),
      pick,
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("advance" as const), pick }) },
  { weight: 1, arbitrary: fc.constant({ kind: "settle" as const }) },
);
/** One run: the units each product starts with, then batches of steps, each batch sent at once. */
const scenario = fc.record({
  stock: fc.tuple(...PRODUCTS.map(() => fc.integer({ min: 1, max: 6 }))),
  batches: fc.array(fc.array(command, { minLength: 1, maxLength: 6 }), { minLength: 4, maxLength: 16 }),
});

type KnownOrder = { id: string; number: string; shopper: number };
type Snapshot = { stock: Map<number, number>; held: Map<number, number> };

const payments = ledgerProvider();
let api: TestApi;
let shoppers: { shopper: Shopper; addressId: string; userId: string }[] = [];

beforeAll(async () => {
  api = await createTestApi({ payments: { provider: payments.provider } });
  for (let n = 0; n < SHOPPERS; n++) {
    const email = `interleaving${n}@example.com`;
    const shopper = asShopper(api, await signUpShopper(api, email));
    const { items } = (await (
      await shopper("POST", "/api/addresses", madridAddress)
    ).json()) as AddressesView;
    const [me] = await api.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    shoppers.push({ shopper, addressId: items[0]?.id ?? "", userId: me?.id ?? "" });
  }
});
afterAll(async () => {
  shoppers = [];
  await api.close();
});

const operator = (path: string, method = "POST") =>
  api.request(`/api/operator/orders${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
  });

/** An answer must be one the API promises for the step: never a server error. */
async function answered(response: Response, allowed: readonly number[], what: string): Promise<string> {
  const text = await response.text();
  expect(allowed, `${what} answered ${response.status}: ${text}`).toContain(response.status);
  return text;
}

function errorCode(text: string): string {
  return (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? "";
}

/** Sends one step and checks its answer; new orders are added to `orders`. */
async function run(step: Command, orders: KnownOrder[]): Promise<void> {
  const ownOrder = (shopper: number, index: number) => {
    const own = orders.filter((order) => order.shopper === shopper);
    return own[index % Math.max(own.length, 1)];
  };
  switch (step.kind) {
    case "add": {
      const { shopper } = shoppers[step.shopper] ?? fail("no shopper");
      const text = await answered(
        await shopper("POST", `/api/cart/${step.product}`, { cantidad: step.quantity }),
        [200, 409],
        "add to cart",
      );
      if (text.includes('"error"')) expect(errorCode(text)).toBe("not-enough-stock");
      return;
    }
    case "checkout": {
      const { shopper, addressId } = shoppers[step.shopper] ?? fail("no shopper");
      const quoted = await shopper("POST", "/api/orders/quote", { addressId, shippingMethod: "standard" });
      const quoteText = await answered(quoted, [200, 409], "quote");
      if (quoted.status !== 200) {
        expect(errorCode(quoteText)).toBe("cart-empty");
        return;
      }
      const { totals } = JSON.parse(quoteText) as QuoteView;
      const request = orderRequest(addressId, totals.totalCents);
      const answers = await Promise.all(
        Array.from({ length: step.copies }, () => shopper("POST", "/api/orders", request)),
      );
      const placed = new Set<string>();
      for (const answer of answers) {
        const text = await answered(answer, [200, 201, 409], "checkout");
        if (answer.status === 409) {
          expect(["order-in-progress", "cart-empty", "out-of-stock", "total-changed"]).toContain(
            errorCode(text),
          );
          continue;
        }
        const order = JSON.parse(text) as OrderView;
        expect(order.totals.totalCents).toBe(totals.totalCents);
        placed.add(order.id);
        if (!orders.some((known) => known.id === order.id))
          orders.push({ id: order.id, number: order.number, shopper: step.shopper });
      }
      // One idempotency key, one order, however often it was sent.
      expect(placed.size).toBeLessThanOrEqual(1);
      expect(answers.filter((answer) => answer.status === 201).length).toBeLessThanOrEqual(1);
      return;
    }
    case "cancel":
    case "return": {
      const { shopper } = shoppers[step.shopper] ?? fail("no shopper");
      // A return is mostly asked for a delivered order; sometimes for any, to be refused.
      const delivered =
        step.kind === "return" && step.pick % 4 !== 0
          ? await inStatus(
              orders.filter((order) => order.shopper === step.shopper),
              ["entregado"],
            )
          : [];
      const order = delivered[step.pick % Math.max(delivered.length, 1)] ?? ownOrder(step.shopper, step.pick);
      if (!order) return;
      const response = await shopper("POST", `/api/orders/${order.id}/${step.kind}`);
      const text = await answered(response, [200, 409], `shopper ${step.kind}`);
      if (response.status === 200) {
        const view = JSON.parse(text) as OrderView;
        expect(stepLedTo(step.kind)).toContain(view.status);
      }
      return;
    }
    case "operator": {
      const number = await operatorTarget(step, orders);
      if (!number) return;
      let response = await operator(`/${number}/${step.step}`);
      // The next order is not stored yet: the operator keeps an eye out for it a little while.
      for (let tries = 0; step.target === "next" && response.status === 404 && tries < 25; tries++) {
        await response.text();
        await sleep(1);
        response = await operator(`/${number}/${step.step}`);
      }
      await checkStep(response, step.step, number, step.target === "next");
      return;
    }
    case "advance": {
      const open = await inStatus(orders, [...Object.keys(nextStep), "entregado"] as OrderStatus[]);
      const order = open[step.pick % Math.max(open.length, 1)];
      if (!order) return;
      if (order.status === "entregado") {
        // Delivered: the next step is the buyer's, asking to send it back.
        const { shopper } = shoppers[order.shopper] ?? fail("no shopper");
        const response = await shopper("POST", `/api/orders/${order.id}/return`);
        const text = await answered(response, [200, 409], "shopper return");
        if (response.status === 200)
          expect(stepLedTo("return")).toContain((JSON.parse(text) as OrderView).status);
        return;
      }
      const next = nextStep[order.status];
      if (!next) return;
      await checkStep(await operator(`/${order.number}/${next}`), next, order.number, false);
      return;
    }
    case "settle": {
      await settlePayments({ db: api.database.db, payments: payments.provider });
      return;
    }
  }
}

/** The orders among these that are now in one of these statuses, with it. */
async function inStatus(orders: KnownOrder[], statuses: OrderStatus[]) {
  if (orders.length === 0) return [];
  const rows = await api.database.db
    .select({ id: shopOrder.id, status: shopOrder.status })
    .from(shopOrder)
    .where(
      and(
        inArray(
          shopOrder.id,
          orders.map((order) => order.id),
        ),
        inArray(shopOrder.status, statuses),
      ),
    );
  return orders.flatMap((order) => {
    const row = rows.find((found) => found.id === order.id);
    return row ? [{ ...order, status: row.status }] : [];
  });
}

/** An operator's answer: the order moved to where the step leads, or it could not (409). */
async function checkStep(response: Response, step: OperatorStep, number: string, mayBeMissing: boolean) {
  const text = await answered(
    response,
    mayBeMissing ? [200, 404, 409] : [200, 409],
    `operator ${step} of ${number}`,
  );
  if (response.status === 200)
    expect((JSON.parse(text) as { status: OrderStatus }).status).toBe(targetOf[step]);
}

/** What the operator does next with an order in each status (nothing once it is finished). */
const nextStep: Partial<Record<OrderStatus, OperatorStep>> = {
  pagado: "ship",
  preparando: "ship",
  enviado: "deliver",
  "devolucion-solicitada": "receive-return",
};

const targetOf: Record<OperatorStep, OrderStatus> = {
  prepare: "preparando",
  ship: "enviado",
  deliver: "entregado",
  "receive-return": "devuelto",
  cancel: "cancelado",
};

async function operatorTarget(
  step: Extract<Command, { kind: "operator" }>,
  orders: KnownOrder[],
): Promise<string | undefined> {
  if (step.target === "known") return orders[step.pick % Math.max(orders.length, 1)]?.number;
  if (step.target === "newest") {
    const text = await answered(await operator("?status=pagado&limit=1", "GET"), [200], "operator list");
    return (JSON.parse(text) as { items: OperatorOrderRow[] }).items[0]?.number;
  }
  const year = new Date().getUTCFullYear();
  const [series] = await api.database.db
    .select({ last: numberSeries.last })
    .from(numberSeries)
    .where(eq(numberSeries.series, `P${year}`));
  return `${year}-${String((series?.last ?? 0) + 1).padStart(6, "0")}`;
}

function fail(message: string): never {
  throw new Error(message);
}

/** Units each product has, and units held by orders that have not given them back. */
async function snapshot(): Promise<Snapshot> {
  const { db } = api.database;
  const stock = new Map((await db.select().from(productStock)).map((row) => [row.productId, row.available]));
  const lines = await db
    .select({ productId: orderLine.productId, quantity: orderLine.quantity, status: shopOrder.status })
    .from(orderLine)
    .innerJoin(shopOrder, eq(shopOrder.id, orderLine.orderId));
  const held = new Map<number, number>();
  for (const line of lines) {
    if (RESTOCKED.includes(line.status)) continue;
    held.set(line.productId, (held.get(line.productId) ?? 0) + line.quantity);
  }
  return { stock, held };
}

/** The units on the shelf are those at the start less what orders took and did not give back. */
async function checkStock(start: Snapshot): Promise<void> {
  const end = await snapshot();
  for (const [productId, available] of end.stock) {
    expect(available, `stock of product ${productId}`).toBeGreaterThanOrEqual(0);
    const taken = (end.held.get(productId) ?? 0) - (start.held.get(productId) ?? 0);
    expect(available, `stock of product ${productId}`).toBe((start.stock.get(productId) ?? 0) - taken);
  }
}

/** The numbers of one series (e.g. every "F2026-…"), which must run 1, 2, 3… without a hole. */
function expectGapless(numbers: string[], pattern: RegExp, what: string): void {
  const byYear = new Map<string, number[]>();
  for (const number of numbers) {
    const match = pattern.exec(number);
    expect(match, `${what} number ${number}`).not.toBeNull();
    const [, year = "", value = ""] = match ?? [];
    byYear.set(year, [...(byYear.get(year) ?? []), Number(value)]);
  }
  for (const [year, values] of byYear) {
    const sorted = values.sort((a, b) => a - b);
    expect(sorted, `${what} numbers of ${year}`).toEqual(sorted.map((_value, index) => index + 1));
  }
}

/**
 * Everything the shop's records and the provider's must agree on once the settlement job has
 * run: each order has one payment, one invoice, and (cancelled or returned) one credit note for
 * the money given back; the money the provider took is the money of the orders still paid plus
 * what it gave back; numbers have no gaps.
 */
async function checkSettled(): Promise<void> {
  const { db } = api.database;
  const orders = await db.select().from(shopOrder);
  const payments_ = await db.select().from(payment);
  const documents = await db.select().from(invoice);

  let kept = 0;
  for (const order of orders) {
    const paid = payments_.filter((row) => row.orderId === order.id);
    expect(paid, `payments of order ${order.number}`).toHaveLength(1);
    const [row] = paid;
    if (!row) continue;
    expect(row.amountCents, `payment of order ${order.number}`).toBe(order.totalCents);
    const invoices = documents.filter((doc) => doc.orderId === order.id && doc.kind === "invoice");
    expect(invoices, `invoices of order ${order.number}`).toHaveLength(1);
    expect(invoices[0]?.totalCents).toBe(order.totalCents);
    const notes = documents.filter((doc) => doc.orderId === order.id && doc.kind === "credit-note");
    const atProvider = payments.ledger.get(row.reference);
    expect(atProvider, `order ${order.number} was authorized`).toBeDefined();
    if (RESTOCKED.includes(order.status)) {
      // The money is back (refunded), or was never taken (the hold released), and the invoice
      // is corrected by a credit note for the whole of it.
      expect(["refunded", "cancelled"], `payment of ${order.status} order ${order.number}`).toContain(
        row.status,
      );
      expect(notes, `credit notes of order ${order.number}`).toHaveLength(1);
      expect(notes[0]?.totalCents, `credit note of order ${order.number}`).toBe(row.amountCents);
      expect(notes[0]?.correctsId).toBe(invoices[0]?.id);
      expect(atProvider?.state, `payment of order ${order.number} at the provider`).toBe(row.status);
      expect(atProvider?.refundedCents).toBe(row.status === "refunded" ? row.amountCents : 0);
    } else {
      expect(row.status, `payment of ${order.status} order ${order.number}`).toBe("captured");
      expect(notes, `credit notes of order ${order.number}`).toHaveLength(0);
      expect(atProvider?.state, `payment of order ${order.number} at the provider`).toBe("captured");
      kept += order.totalCents;
    }
  }

  // Money in = money out + money kept, at the provider, which no record of the shop can fake.
  const atProvider = [...payments.ledger.values()];
  const taken = atProvider.reduce((sum, entry) => sum + entry.capturedCents, 0);
  const givenBack = atProvider.reduce((sum, entry) => sum + entry.refundedCents, 0);
  const refundedInShop = payments_
    .filter((row) => row.status === "refunded")
    .reduce((sum, row) => sum + row.amountCents, 0);
  expect(givenBack, "money given back").toBe(refundedInShop);
  expect(taken, "money taken = money given back + money of the orders still paid").toBe(givenBack + kept);
  for (const [reference, entry] of payments.ledger) {
    expect(entry.refundedCents, `refund of ${reference}`).toBeLessThanOrEqual(entry.capturedCents);
    // A hold the shop did not store an order for was released, never left standing or taken.
    if (!payments_.some((row) => row.reference === reference))
      expect(entry.state, `hold ${reference} without an order`).toBe("cancelled");
  }

  expectGapless(
    orders.map((order) => order.number),
    /^(\d{4})-(\d{6})$/,
    "order",
  );
  expectGapless(
    documents.filter((doc) => doc.kind === "invoice").map((doc) => doc.number),
    /^F(\d{4})-(\d{6})$/,
    "invoice",
  );
  expectGapless(
    documents.filter((doc) => doc.kind === "credit-note").map((doc) => doc.number),
    /^A(\d{4})-(\d{6})$/,
    "credit note",
  );
}

describe("a cancel racing the capture (issue 11)", () => {
  // Found by the property below: the cancel saw the payment only authorized and asked for the hold
  // to be released, while the provider was taking the money; the shop then recorded it as released.
  it.each([
    ["on its own", false],
    ["with the settlement job running before the capture's answer", true],
  ])(
    "gives the money back for an order cancelled while its capture was under way (%s)",
    async (_name, jobInBetween) => {
      const { db } = api.database;
      const { shopper, addressId } = shoppers[0] ?? fail("no shopper");
      await body(await shopper("POST", "/api/cart/4", { cantidad: 1 }), 200);
      const { totals } = await body<QuoteView>(
        await shopper("POST", "/api/orders/quote", { addressId, shippingMethod: "standard" }),
        200,
      );
      const request = orderRequest(addressId, totals.totalCents);
      const answer = payments.holdNextCaptureAnswer();
      const checkout = shopper("POST", "/api/orders", request);
      await answer.reached;
      const [stored] = await db
        .select()
        .from(shopOrder)
        .where(eq(shopOrder.idempotencyKey, request.idempotencyKey));
      if (!stored) throw new Error("The order is not stored");
      expect(await body(await operator(`/${stored.number}/cancel`), 200)).toMatchObject({
        status: "cancelado",
      });
      if (jobInBetween) await settlePayments({ db, payments: payments.provider });
      answer.release();
      await body(await checkout, 201);
      await settlePayments({ db, payments: payments.provider });

      const [paid] = await db.select().from(payment).where(eq(payment.orderId, stored.id));
      expect(paid?.status).toBe("refunded");
      expect(payments.ledger.get(paid?.reference ?? "")).toEqual({
        amountCents: totals.totalCents,
        state: "refunded",
        capturedCents: totals.totalCents,
        refundedCents: totals.totalCents,
      });
      await checkSettled();
    },
  );
});

describe("a capture committing in the middle of a cancel (issue 11)", () => {
  // Found by the property below on PostgreSQL: the cancel moved the payment with two updates (a
  // captured one to refund-pending, an authorized one to cancel-pending) and a capture committing
  // between them was missed by both. PGlite runs one transaction at a time: it cannot happen there.
  it.skipIf(process.env.TEST_DB !== "postgres")(
    "owes the money back for an order whose capture committed while it was being cancelled",
    async () => {
      const { db } = api.database;
      const { shopper, addressId } = shoppers[1] ?? fail("no shopper");
      await body(await shopper("POST", "/api/cart/4", { cantidad: 1 }), 200);
      const { totals } = await body<QuoteView>(
        await shopper("POST", "/api/orders/quote", { addressId, shippingMethod: "standard" }),
        200,
      );
      const request = orderRequest(addressId, totals.totalCents);
      const answer = payments.holdNextCaptureAnswer();
      const checkout = shopper("POST", "/api/orders", request);
      // The provider has taken the money; the shop has not recorded it yet.
      await answer.reached;
      const [stored] = await db
        .select()
        .from(shopOrder)
        .where(eq(shopOrder.idempotencyKey, request.idempotencyKey));
      if (!stored) throw new Error("The order is not stored");

      // The capture's own update, under way (not committed) when the cancel comes in.
      let rowTaken = () => {};
      let commitCapture = () => {};
      const taken = new Promise<void>((resolve) => {
        rowTaken = resolve;
      });
      const commit = new Promise<void>((resolve) => {
        commitCapture = resolve;
      });
      const capture = db.transaction(async (tx) => {
        await tx
          .update(payment)
          .set({ status: "captured" })
          .where(and(eq(payment.orderId, stored.id), eq(payment.status, "authorized")));
        rowTaken();
        await commit;
      });
      await taken;
      const cancel = operator(`/${stored.number}/cancel`);
      await untilWaitingForLocks(1);
      commitCapture();
      await capture;
      expect(await body(await cancel, 200)).toMatchObject({ status: "cancelado" });
      answer.release();
      await body(await checkout, 201);
      await settlePayments({ db, payments: payments.provider });

      const [paid] = await db.select().from(payment).where(eq(payment.orderId, stored.id));
      expect(paid?.status).toBe("refunded");
      expect(payments.ledger.get(paid?.reference ?? "")).toMatchObject({
        state: "refunded",
        refundedCents: totals.totalCents,
      });
      await checkSettled();
    },
  );
});

describe("the same products in opposite order (issue 11)", () => {
  /**
   * Product 6's stock row held by someone else (another checkout, a cancel) while the first step
   * queues for it and the second one, having taken product 5 already, queues behind: as the row is
   * let go, each step holds a row the other one needs, unless both take their rows in one order.
   */
  async function withProduct6Held(first: () => Promise<Response>, second: () => Promise<Response>) {
    let rowHeld = () => {};
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      rowHeld = resolve;
    });
    const released = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const holder = api.database.db.transaction(async (tx) => {
      await tx.select().from(productStock).where(eq(productStock.productId, 6)).for("update");
      rowHeld();
      await released;
    });
    await held;
    const firstAnswer = first();
    await untilWaitingForLocks(1);
    const secondAnswer = second();
    await untilWaitingForLocks(2);
    letGo();
    await holder;
    return Promise.all([firstAnswer, secondAnswer]);
  }

  async function checkoutOf(n: number, cart: number[]) {
    const { shopper, addressId, userId } = shoppers[n] ?? fail("no shopper");
    await api.database.db.delete(cartLine).where(eq(cartLine.userId, userId));
    for (const productId of cart)
      await body(await shopper("POST", `/api/cart/${productId}`, { cantidad: 1 }), 200);
    const { totals } = await body<QuoteView>(
      await shopper("POST", "/api/orders/quote", { addressId, shippingMethod: "standard" }),
      200,
    );
    return () => shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents));
  }

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "places both of two checkouts whose carts hold them in opposite order",
    async () => {
      const first = await checkoutOf(1, [6, 5]);
      const second = await checkoutOf(2, [5, 6]);
      const answers = await withProduct6Held(first, second);
      const orders = await Promise.all(answers.map((answer) => body<OrderView>(answer, 201)));
      for (const order of orders) expect(order.status).toBe("pagado");
      await checkSettled();
    },
  );

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "cancels both of two orders that hold them in opposite order",
    async () => {
      const orders: OrderView[] = [];
      for (const [n, cart] of [
        [1, [6, 5]],
        [2, [5, 6]],
      ] as const) {
        orders.push(await body<OrderView>(await (await checkoutOf(n, [...cart]))(), 201));
      }
      const [first, second] = orders;
      if (!first || !second) throw new Error("Orders not placed");
      const answers = await withProduct6Held(
        () => operator(`/${first.number}/cancel`),
        () => operator(`/${second.number}/cancel`),
      );
      for (const answer of answers) expect(await body(answer, 200)).toMatchObject({ status: "cancelado" });
      await settlePayments({ db: api.database.db, payments: payments.provider });
      await checkSettled();
    },
  );
});

/** Until this many statements of this database wait for rows other transactions hold. */
async function untilWaitingForLocks(count = 1): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    const [row] = await api.database.db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    if ((row?.waiting ?? 0) >= count) return;
    await sleep(10);
  }
  throw new Error(`Fewer than ${count} statements came to wait for a lock`);
}

describe("random interleavings of shoppers and the operator (issue 11)", () => {
  it("keeps stock, money, credit notes and numbering consistent", async () => {
    const details = await fc.check(
      fc.asyncProperty(scenario, async ({ stock, batches }) => {
        const { db } = api.database;
        // A fresh start for the shoppers' carts, and only a few units to fight over.
        await db.delete(cartLine).where(
          inArray(
            cartLine.userId,
            shoppers.map((s) => s.userId),
          ),
        );
        for (const [index, productId] of PRODUCTS.entries()) {
          await db
            .update(productStock)
            .set({ available: stock[index] ?? 1 })
            .where(eq(productStock.productId, productId));
        }
        const start = await snapshot();
        const orders: KnownOrder[] = [];
        for (const batch of batches) await Promise.all(batch.map((step) => run(step, orders)));
        // Stock moves in the order's own transaction: it holds before any payment is settled.
        await checkStock(start);
        await settlePayments({ db, payments: payments.provider });
        await checkStock(start);
        await checkSettled();
      }),
      {
        // About 15 s a database on a two-core machine; a slower one stops early (not too early).
        numRuns: 25,
        interruptAfterTimeLimit: 45_000,
        // One app for every run: a failure can leave its state behind, so shrinking on top of it
        // would blame an innocent run. The run that broke an invariant is reported as it was.
        endOnFailure: true,
      },
    );
    if (details.failed)
      throw new Error(`${fc.defaultReportMessage(details)}\n${String(details.errorInstance)}`);
    expect(details.numRuns, "interleavings tried before the time limit").toBeGreaterThanOrEqual(5);
  }, 90_000);
});

/**
 * What a shopper's step answers: the order as it is once the step is stored, which an operator's
 * step made at the same time may already have moved on (a return requested, then received).
 */
function stepLedTo(kind: "cancel" | "return"): OrderStatus[] {
  return kind === "cancel" ? ["cancelado"] : ["devolucion-solicitada", "devuelto"];
}
