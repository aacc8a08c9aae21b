import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { builtinCatalog } from "../src/catalog/builtin-catalog.ts";
import { type DatabaseHandle, openDatabase } from "../src/server/db/client.ts";
import { invoice, mailOutbox, orderLine, payment, productStock, shopOrder } from "../src/server/db/schema.ts";
import { madridAddress, orderRequest } from "../src/server/testing/order-fixtures.ts";
import { startStripeStandIn } from "../src/server/testing/stripe-stand-in.ts";
import type { OrderView, QuoteView } from "../src/shared/api/order-contract.ts";
import { createScratchDatabase } from "./support/scratch-database.ts";
import { freePort, type RunningShop, startShop } from "./support/start-shop.ts";

/**
 * Crash safety (issue 11): shoppers keep checking out while the server process is killed with
 * SIGKILL at random moments and started again, twenty times and more. Each shopper behaves like a
 * real client: a request cut by the crash is sent again, the checkout with the same idempotency
 * key. Payments go to a stand-in of Stripe that keeps every hold, capture and refund. Afterwards
 * every order a shopper was told about is whole (lines, invoice, stock taken, payment captured,
 * mail queued), there is no other, no money was taken without an order, and the order and invoice
 * numbers have no gaps. Runs on the embedded database (its files survive the kill) and PostgreSQL.
 */

const KILLS = 20;
const SHOPPERS = 4;
const PRODUCTS = [1, 2, 3, 4, 5, 6];
const catalog = builtinCatalog();

describe("checkouts while the server is killed (issue 11)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "crash-safety-"));
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  let database: { url?: string; drop(): Promise<void> };
  let options: Parameters<typeof startShop>[1];
  let shop: RunningShop | undefined;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    database =
      inject("ownDatabase") === "postgres" ? await createScratchDatabase("crash") : { drop: async () => {} };
    options = {
      dataDir,
      port: await freePort(),
      ...(database.url ? { databaseUrl: database.url } : {}),
      env: {
        LOG_LEVEL: "error",
        PAYMENTS: "stripe",
        STRIPE_SECRET_KEY: "sk_test_crash_safety",
        STRIPE_API_BASE: stripe.url,
      },
    };
  });
  afterAll(async () => {
    await shop?.kill();
    await stripe.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every accepted order whole, and no other, across 20 kills", { timeout: 600_000 }, async () => {
    shop = await startShop(process.cwd(), options);
    const baseUrl = shop.baseUrl;
    const client = retryingClient(baseUrl);
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, (_, index) => client.signUp(`crash-${index}@example.com`)),
    );

    let killing = true;
    const failures: unknown[] = [];
    const accepted = new Map<string, string>(); // order id → shopper cookie
    const buying = shoppers.map(async (shopper, index) => {
      let round = 0;
      try {
        while (killing) {
          const productId = PRODUCTS[(index + round++) % PRODUCTS.length] ?? 1;
          const order = await client.checkOut(shopper, productId);
          accepted.set(order.id, shopper.cookie);
        }
      } catch (error) {
        failures.push(error);
        killing = false;
      }
    });
    for (let kill = 0; kill < KILLS && killing; kill++) {
      await sleep(150 + Math.random() * 600);
      await shop.kill();
      shop = await startShop(process.cwd(), options);
    }
    killing = false;
    await Promise.all(buying);
    if (failures.length > 0) throw failures[0];

    // The process that runs now finishes what the dead ones left: captures owed, mail to send.
    for (const [orderId, cookie] of accepted) {
      await expect
        .poll(async () => (await client.order(cookie, orderId)).payment?.status, { timeout: 30_000 })
        .toBe("captured");
    }
    await shop.stop();

    expect(client.cutRequests, "requests cut by a kill").toBeGreaterThan(0);
    const db = await openDatabase(
      database.url ? { kind: "postgres", url: database.url } : { kind: "pglite", dataDir },
    );
    try {
      await expectWholeOrders(db, [...accepted.keys()], stripe.intents);
    } finally {
      await db.close();
    }
  });
});

async function expectWholeOrders(
  { db }: DatabaseHandle,
  accepted: string[],
  intents: Awaited<ReturnType<typeof startStripeStandIn>>["intents"],
) {
  const orders = await db.select().from(shopOrder).orderBy(asc(shopOrder.number));
  expect(orders.map((order) => order.id).sort()).toEqual([...accepted].sort());
  const year = new Date().getUTCFullYear();
  expect(orders.map((order) => order.number)).toEqual(orders.map((_, i) => numbered("", year, i + 1)));

  const invoices = await db.select().from(invoice).orderBy(asc(invoice.number));
  expect(invoices.map((row) => row.number)).toEqual(orders.map((_, i) => numbered("F", year, i + 1)));
  expect(new Set(invoices.map((row) => row.orderId)).size).toBe(orders.length);

  const lines = await db.select().from(orderLine);
  for (const productId of PRODUCTS) {
    const sold = lines.filter((line) => line.productId === productId).reduce((sum, l) => sum + l.quantity, 0);
    const [stock] = await db.select().from(productStock).where(eq(productStock.productId, productId));
    expect(stock?.available, `stock of product ${productId}`).toBe(
      (catalog.getProduct(productId)?.stock ?? 0) - sold,
    );
  }
  for (const order of orders) {
    expect(lines.filter((line) => line.orderId === order.id)).toHaveLength(1);
    const payments = await db.select().from(payment).where(eq(payment.orderId, order.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: "captured", amountCents: order.totalCents });
    expect(intents.get(payments[0]?.reference ?? "")).toMatchObject({
      status: "succeeded",
      amount: order.totalCents,
    });
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order:${order.id}:pagado`));
    expect(mails, `confirmation of ${order.number}`).toHaveLength(1);
  }
  // Money taken only for stored orders: a hold whose checkout died before it was stored is never captured.
  const taken = [...intents.values()].filter((intent) => intent.status === "succeeded");
  expect(taken).toHaveLength(orders.length);
}

function numbered(prefix: string, year: number, value: number): string {
  return `${prefix}${year}-${String(value).padStart(6, "0")}`;
}

type Shopper = { cookie: string; addressId: string };

type Answer = { url: string; status: number; text: string; cookies: string[] };

/** A client that, like a browser or an app, sends a request again when the connection is cut. */
function retryingClient(baseUrl: string) {
  const state = { cutRequests: 0 };
  /** The whole answer, body included: a kill can cut it after the headers. */
  async function send(method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
    for (;;) {
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            origin: baseUrl,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
            ...(cookie ? { cookie } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.text();
        return { url: response.url, status: response.status, text, cookies: response.headers.getSetCookie() };
      } catch {
        state.cutRequests++;
        await sleep(50);
      }
    }
  }
  function json<T>(answer: Answer, ...statuses: number[]): T {
    expect(statuses, `${answer.url}: ${answer.text}`).toContain(answer.status);
    return JSON.parse(answer.text) as T;
  }
  return {
    get cutRequests() {
      return state.cutRequests;
    },
    async signUp(email: string): Promise<Shopper> {
      const answer = await send("POST", "/api/auth/sign-up/email", {
        name: "Crash",
        lastName: "Test",
        email,
        password: "gato-robot-azul-7",
      });
      json(answer, 200);
      const cookie = answer.cookies.map((c) => c.split(";")[0]).join("; ");
      const { items } = json<{ items: { id: string }[] }>(
        await send("POST", "/api/addresses", madridAddress, cookie),
        201,
      );
      return { cookie, addressId: items[0]?.id ?? "" };
    },
    /** One unit of the product, bought; the same checkout sent again until it is answered. */
    async checkOut({ cookie, addressId }: Shopper, productId: number): Promise<OrderView> {
      json(await send("PUT", `/api/cart/${productId}`, { cantidad: 1 }, cookie), 200);
      const quote = json<QuoteView>(
        await send("POST", "/api/orders/quote", { addressId, shippingMethod: "standard" }, cookie),
        200,
      );
      const request = orderRequest(addressId, quote.totals.totalCents);
      return json<OrderView>(await send("POST", "/api/orders", request, cookie), 200, 201);
    },
    async order(cookie: string, orderId: string): Promise<OrderView> {
      return json<OrderView>(await send("GET", `/api/orders/${orderId}`, undefined, cookie), 200);
    },
  };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
