import { randomUUID } from "node:crypto";
import { type BenchShopper, percentile, signUpBenchShopper } from "./api-shoppers.ts";
import { WARM_UP_SECONDS } from "./cart-load.ts";

export type OrderLoad = {
  buyers: number;
  durationSeconds: number;
  /** Orders placed and paid in the measured time. */
  orders: number;
  ordersPerSecond: number;
  /** Placing the order (`POST /api/orders`): what the checkout's button waits for. */
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Placing and paying it (the payment step's read and the provider's confirmation, paid). */
  paidP50Ms: number;
  paidP99Ms: number;
  refused: number;
};

const madrid = {
  name: "Bench",
  lastName: "Buyer",
  street: "Calle de Alcalá 12",
  floorDoor: "",
  postalCode: "28013",
  city: "Madrid",
  country: "ES",
  region: "28",
  phone: "612345678",
};

/**
 * Orders placed and paid by concurrent buyers: each fills a cart with one unit, asks for the
 * price, places the order (`POST /api/orders`: pricing, one transaction for stock, order and cart,
 * then its payment at the provider) and pays it with the built-in provider's test card as the
 * browser does (the payment step's read, then the confirmation, which numbers and invoices the
 * order), again and again. Placing, and placing through paid, are timed after a warm-up.
 */
export async function measureOrderLoad(
  baseUrl: string,
  buyers = 50,
  durationSeconds = 10,
): Promise<OrderLoad> {
  const productIds = await sellableProducts(baseUrl);
  const shoppers = await Promise.all(Array.from({ length: buyers }, () => prepareBuyer(baseUrl)));
  const durations: number[] = [];
  const paid: number[] = [];
  let refused = 0;
  let next = 0;
  // The first seconds warm the server up and are not counted (see the cart load).
  const started = performance.now() + WARM_UP_SECONDS * 1000;
  const deadline = started + durationSeconds * 1000;
  await Promise.all(
    shoppers.map(async ({ shopper, addressId }) => {
      while (performance.now() < deadline) {
        const productId = productIds[next++ % productIds.length];
        if ((await shopper.call("POST", `/api/cart/${productId}`, { cantidad: 1 })).status !== 200) continue;
        const quote = await shopper.call("POST", "/api/orders/quote", {
          addressId,
          shippingMethod: "standard",
        });
        const { totals } = (await quote.json()) as { totals: { totalCents: number } };
        const begin = performance.now();
        const placed = await shopper.call("POST", "/api/orders", {
          idempotencyKey: randomUUID(),
          addressId,
          shippingMethod: "standard",
          invoice: { name: "Ana", lastName: "García", company: "", taxId: "" },
          expectedTotalCents: totals.totalCents,
        });
        if (placed.status !== 201) {
          refused++;
          await shopper.call("DELETE", `/api/cart/${productId}`);
          continue;
        }
        const placedAt = performance.now();
        const { id } = (await placed.json()) as { id: string };
        const done = await pay(baseUrl, shopper, id);
        if (begin < started) continue;
        durations.push(placedAt - begin);
        if (done) paid.push(performance.now() - begin);
        else refused++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    buyers,
    durationSeconds,
    orders: paid.length,
    ordersPerSecond: paid.length / elapsed,
    latencyP50Ms: percentile(durations, 50),
    latencyP99Ms: percentile(durations, 99),
    paidP50Ms: percentile(paid, 50),
    paidP99Ms: percentile(paid, 99),
    refused,
  };
}

/** Pays an order as the browser does with the built-in provider: true once it is paid. */
async function pay(baseUrl: string, shopper: BenchShopper, orderId: string): Promise<boolean> {
  const session = await shopper.call("GET", `/api/orders/${orderId}/payment`);
  if (session.status !== 200) return false;
  const { clientSecret } = (await session.json()) as { clientSecret: string };
  const intent = clientSecret.split("_secret_")[0] ?? "";
  const confirmed = await shopper.call("POST", `/api/payments/test/intents/${intent}/confirm`, {
    method: "card",
    token: "tok_visa",
    last4: "4242",
    clientSecret,
    returnUrl: `${baseUrl}/checkout/fin?pedido=${orderId}`,
  });
  return confirmed.status === 200 && ((await confirmed.json()) as { status: string }).status === "succeeded";
}

async function prepareBuyer(baseUrl: string): Promise<{ shopper: BenchShopper; addressId: string }> {
  const shopper = await signUpBenchShopper(baseUrl);
  const response = await shopper.call("POST", "/api/addresses", madrid);
  const { items } = (await response.json()) as { items: { id: string }[] };
  return { shopper, addressId: items[0]?.id ?? "" };
}

async function sellableProducts(baseUrl: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= 50; page++) {
    const response = await fetch(`${baseUrl}/api/products?page=${page}`);
    const { items, pageCount } = (await response.json()) as {
      items: { id: number; stock: number }[];
      pageCount: number;
    };
    ids.push(...items.filter((product) => product.stock > 0).map((product) => product.id));
    if (page >= pageCount) break;
  }
  return ids;
}
