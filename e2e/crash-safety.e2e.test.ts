import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { builtinOpeningStock } from "../src/catalog/builtin-catalog.ts";
import { type DatabaseHandle, openDatabase } from "../src/server/db/client.ts";
import { invoice, mailOutbox, orderLine, payment, productStock, shopOrder } from "../src/server/db/schema.ts";
import { intentIdOf, madridAddress, orderRequest } from "../src/server/testing/order-fixtures.ts";
import { type StripeStandIn, startStripeStandIn } from "../src/server/testing/stripe-stand-in.ts";
import type { OrderView, QuoteView } from "../src/shared/api/order-contract.ts";
import type { PaymentSessionView } from "../src/shared/api/payment-contract.ts";
import { createScratchDatabase } from "./support/scratch-database.ts";
import { freePort, type RunningShop, startShop } from "./support/start-shop.ts";

/**
 * Crash safety (issue 11), with the payment after the order (issue 27, decision 034): shoppers keep
 * checking out and paying while the server process is killed with SIGKILL at random moments and
 * started again, twenty times and more. Each shopper behaves like a real client: a request cut by
 * the crash is sent again, the checkout with the same idempotency key; then they pay in "Stripe.js"
 * (a confirmation sent straight to a stand-in of Stripe with the publishable key and the client
 * secret, never through the shop), now and then with a declined card first. Stripe's signed
 * webhooks tell the shop; those a kill cut are sent again, as Stripe retries them. Afterwards
 * every order a shopper was told about is whole and paid (lines, invoice, stock taken, payment
 * captured, mail queued), there is no other, each has exactly one payment at Stripe, no money was
 * taken without a paid order, and the order and invoice numbers have no gaps. Runs on the embedded
 * database (its files survive the kill) and PostgreSQL.
 */

const KILLS = 20;
const SHOPPERS = 4;
const PRODUCTS = [1, 2, 3, 4, 5, 6];
const PUBLISHABLE_KEY = "pk_test_crash_safety";

describe("checkouts and payments while the server is killed (issues 11 and 27)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "crash-safety-"));
  let stripe: StripeStandIn;
  let database: { url?: string; drop(): Promise<void> };
  let options: Parameters<typeof startShop>[1];
  let shop: RunningShop | undefined;

  beforeAll(async () => {
    const port = await freePort();
    // The shop comes back on the same port after each kill: Stripe's webhook keeps its address.
    stripe = await startStripeStandIn({ webhookUrl: `http://127.0.0.1:${port}/api/payments/stripe/webhook` });
    database =
      inject("ownDatabase") === "postgres" ? await createScratchDatabase("crash") : { drop: async () => {} };
    options = {
      dataDir,
      port,
      ...(database.url ? { databaseUrl: database.url } : {}),
      env: {
        LOG_LEVEL: "error",
        PAYMENTS: "stripe",
        STRIPE_SECRET_KEY: "sk_test_crash_safety",
        STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_BASE: stripe.url,
      },
    };
  });
  afterAll(async () => {
    await shop?.kill();
    await stripe?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every accepted order whole and paid once, and no other, across 20 kills", {
    timeout: 600_000,
  }, async () => {
    shop = await startShop(process.cwd(), options);
    const client = retryingClient(shop.baseUrl, stripe);
    const retries = stripeRetries(stripe);
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
          const productId = PRODUCTS[(index + round) % PRODUCTS.length] ?? 1;
          const order = await client.checkOut(shopper, productId);
          accepted.set(order.id, shopper.cookie);
          // Now and then a declined card first: its failure is news for the shop too.
          const cards = round % 3 === 0 ? ["pm_card_chargeDeclined", "pm_card_visa"] : ["pm_card_visa"];
          await client.pay(shopper, order.id, cards);
          round++;
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

    // The process that runs now hears what the dead ones missed (Stripe sends failed events
    // again) and sends the mail they left queued.
    for (const [orderId, cookie] of accepted) {
      await expect
        .poll(async () => (await client.order(cookie, orderId)).status, { timeout: 60_000 })
        .toBe("pagado");
    }
    // Stripe goes on sending an event that failed (for up to three days): an event whose every try
    // fell while the shop was down is retried until it gets through, before the retries stop.
    const undelivered = () => stripe.events.filter((event) => !event.deliveries.some(isSuccess));
    await expect.poll(() => undelivered().length, { timeout: 60_000 }).toBe(0);
    await retries.stop();
    await stripe.settled();
    await shop.stop();

    console.info(
      `${accepted.size} orders paid, ${client.cutRequests} requests cut, ${retries.resent} webhooks sent again`,
    );
    expect(client.cutRequests, "requests cut by a kill").toBeGreaterThan(0);
    expect(retries.resent, "webhooks Stripe had to send again").toBeGreaterThan(0);
    // Every event reached the shop in the end; the shop never confirmed a payment itself.
    expect(undelivered().map((event) => `${event.type} ${event.intentId}: ${event.deliveries}`)).toEqual([]);
    const confirmations = stripe.requests.filter((request) => request.path.endsWith("/confirm"));
    expect(confirmations.length).toBeGreaterThanOrEqual(accepted.size);
    expect(confirmations.every((request) => request.key === "publishable")).toBe(true);
    const db = await openDatabase(
      database.url ? { kind: "postgres", url: database.url } : { kind: "pglite", dataDir },
    );
    try {
      await expectWholeOrders(db, [...accepted.keys()], stripe);
    } finally {
      await db.close();
    }
  });
});

async function expectWholeOrders({ db }: DatabaseHandle, accepted: string[], stripe: StripeStandIn) {
  const orders = await db.select().from(shopOrder).orderBy(asc(shopOrder.number));
  expect(orders.map((order) => order.id).sort()).toEqual([...accepted].sort());
  expect(orders.map((order) => order.status)).toEqual(orders.map(() => "pagado"));
  const year = new Date().getUTCFullYear();
  expect(orders.map((order) => order.number)).toEqual(orders.map((_, i) => numbered("", year, i + 1)));

  const invoices = await db.select().from(invoice).orderBy(asc(invoice.number));
  expect(invoices.map((row) => row.number)).toEqual(orders.map((_, i) => numbered("F", year, i + 1)));
  expect(new Set(invoices.map((row) => row.orderId)).size).toBe(orders.length);

  const lines = await db.select().from(orderLine);
  for (const productId of PRODUCTS) {
    const sold = lines.filter((line) => line.productId === productId).reduce((sum, l) => sum + l.quantity, 0);
    const [stock] = await db.select().from(productStock).where(eq(productStock.productId, productId));
    expect(stock?.available, `stock of product ${productId}`).toBe(builtinOpeningStock(productId) - sold);
  }
  const intents = [...stripe.intents.values()];
  for (const order of orders) {
    expect(lines.filter((line) => line.orderId === order.id)).toHaveLength(1);
    const payments = await db.select().from(payment).where(eq(payment.orderId, order.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      provider: "stripe",
      status: "captured",
      amountCents: order.totalCents,
      method: "card",
      cardLast4: "4242",
      lastFailure: null,
    });
    expect(payments[0]?.confirmedAt).not.toBeNull();
    // One payment at Stripe for the order, however often its creation was asked for across kills.
    const ofOrder = intents.filter((intent) => intent.metadata.order_id === order.id);
    expect(ofOrder.map((intent) => intent.id)).toEqual([payments[0]?.reference]);
    expect(ofOrder[0]).toMatchObject({ status: "succeeded", amount: order.totalCents, refunded: 0 });
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order:${order.id}:pagado`));
    expect(mails, `confirmation of ${order.number}`).toHaveLength(1);
  }
  // Money taken only for paid orders, and only once each: no payment at Stripe for anything else.
  expect(intents.filter((intent) => !accepted.includes(intent.metadata.order_id ?? ""))).toEqual([]);
  expect(intents.filter((intent) => intent.status === "succeeded")).toHaveLength(orders.length);
}

function numbered(prefix: string, year: number, value: number): string {
  return `${prefix}${year}-${String(value).padStart(6, "0")}`;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * Stripe sends a webhook again until the shop answers 2xx, waiting longer after each failure: here
 * a quarter of a second, doubling up to two seconds, for each event whose deliveries all failed
 * (the shop was dead, starting, or died while handling it).
 */
function stripeRetries(stripe: StripeStandIn) {
  let running = true;
  let resent = 0;
  const due = new Map<string, number>();
  const loop = (async () => {
    while (running) {
      for (const event of [...stripe.events]) {
        const failed = event.deliveries.length;
        if (failed === 0 || event.deliveries.some(isSuccess)) continue;
        const at = due.get(event.id) ?? Date.now() + Math.min(250 * 2 ** (failed - 1), 2_000);
        if (at > Date.now()) {
          due.set(event.id, at);
          continue;
        }
        due.delete(event.id);
        resent++;
        await stripe.deliver(event.id);
      }
      await sleep(100);
    }
  })();
  return {
    get resent() {
      return resent;
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}

type Shopper = { cookie: string; addressId: string };

type Answer = { url: string; status: number; text: string; cookies: string[] };

/**
 * A client that, like a browser or an app, sends a request again when the connection is cut; it
 * pays as Stripe.js does, straight to Stripe with the publishable key and the client secret.
 */
function retryingClient(baseUrl: string, stripe: StripeStandIn) {
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
  /** Stripe.js's `confirmPayment` with a test PaymentMethod: Stripe, not the shop, takes the card. */
  async function confirmAtStripe(session: PaymentSessionView, paymentMethod: string, orderId: string) {
    const form = new URLSearchParams({
      key: session.publishableKey ?? "",
      client_secret: session.clientSecret,
      payment_method: paymentMethod,
      return_url: `${baseUrl}/checkout/fin?pedido=${orderId}`,
    });
    const response = await fetch(
      `${stripe.url}/v1/payment_intents/${intentIdOf(session.clientSecret)}/confirm`,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form },
    );
    const answer = (await response.json()) as { status?: string; error?: { code?: string } };
    return { status: response.status, intent: answer.status, error: answer.error?.code };
  }
  return {
    get cutRequests() {
      return state.cutRequests;
    },
    async signUp(email: string): Promise<Shopper> {
      const password = "gato-robot-azul-7";
      json(
        await send("POST", "/api/auth/sign-up/email", { name: "Crash", lastName: "Test", email, password }),
        200,
      );
      // A sign-up signs no one in (issue 28): the shopper signs in with the password.
      const answer = await send("POST", "/api/auth/sign-in/email", { email, password });
      json(answer, 200);
      const cookie = answer.cookies.map((c) => c.split(";")[0]).join("; ");
      const { items } = json<{ items: { id: string }[] }>(
        await send("POST", "/api/addresses", madridAddress, cookie),
        201,
      );
      return { cookie, addressId: items[0]?.id ?? "" };
    },
    /** One unit of the product, ordered (awaiting payment); the same checkout sent again until it is answered. */
    async checkOut({ cookie, addressId }: Shopper, productId: number): Promise<OrderView> {
      json(await send("PUT", `/api/cart/${productId}`, { cantidad: 1 }, cookie), 200);
      const quote = json<QuoteView>(
        await send("POST", "/api/orders/quote", { addressId, shippingMethod: "standard" }, cookie),
        200,
      );
      const request = orderRequest(addressId, quote.totals.totalCents);
      return json<OrderView>(await send("POST", "/api/orders", request, cookie), 200, 201);
    },
    /**
     * Pays the order with each card in turn, as the payment page does: the order's payment session
     * from the shop (asked again after a cut), then the confirmation at Stripe. A declined card
     * leaves the payment waiting for the next one; an order already paid needs no more.
     */
    async pay({ cookie }: Shopper, orderId: string, cards: string[]): Promise<void> {
      for (const card of cards) {
        const answer = await send("GET", `/api/orders/${orderId}/payment`, undefined, cookie);
        if (answer.status === 409) return;
        const session = json<PaymentSessionView>(answer, 200);
        expect(session).toMatchObject({ provider: "stripe", publishableKey: PUBLISHABLE_KEY });
        const confirmed = await confirmAtStripe(session, card, orderId);
        const expected =
          card === "pm_card_visa"
            ? { status: 200, intent: "succeeded", error: undefined }
            : { status: 402, intent: undefined, error: "card_declined" };
        expect(confirmed).toEqual(expected);
      }
    },
    async order(cookie: string, orderId: string): Promise<OrderView> {
      return json<OrderView>(await send("GET", `/api/orders/${orderId}`, undefined, cookie), 200);
    },
  };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
