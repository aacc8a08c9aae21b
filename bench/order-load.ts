import { randomUUID } from "node:crypto";
import { type BenchShopper, percentile, signUpBenchShopper } from "./api-shoppers.ts";
import { WARM_UP_SECONDS } from "./cart-load.ts";

export type OrderLoad = {
  buyers: number;
  durationSeconds: number;
  orders: number;
  ordersPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
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
const card = { holder: "Bench Buyer", number: "4242424242424242", expiry: "12/30", cvc: "123" };

/**
 * Orders placed by concurrent buyers: each fills a cart with one unit, asks for the price and
 * places the order, again and again; only the placing (`POST /api/orders`: pricing, payment,
 * one transaction for stock, numbers, invoice and cart) is timed, after a few seconds' warm-up.
 */
export async function measureOrderLoad(
  baseUrl: string,
  buyers = 50,
  durationSeconds = 10,
): Promise<OrderLoad> {
  const productIds = await sellableProducts(baseUrl);
  const shoppers = await Promise.all(Array.from({ length: buyers }, () => prepareBuyer(baseUrl)));
  const durations: number[] = [];
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
          card,
          expectedTotalCents: totals.totalCents,
        });
        if (placed.status === 201) {
          if (begin >= started) durations.push(performance.now() - begin);
        } else {
          refused++;
          await shopper.call("DELETE", `/api/cart/${productId}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    buyers,
    durationSeconds,
    orders: durations.length,
    ordersPerSecond: durations.length / elapsed,
    latencyP50Ms: percentile(durations, 50),
    latencyP99Ms: percentile(durations, 99),
    refused,
  };
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
