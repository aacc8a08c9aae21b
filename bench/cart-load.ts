import autocannon from "autocannon";
import { type BenchShopper, originOf, signUpBenchShopper } from "./api-shoppers.ts";

export type CartLoad = {
  /** Who writes: one shopper per connection (traffic), or one shopper's line from every one. */
  shape: "shoppers" | "one-line";
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
};

/**
 * Cart writes under load, 50 connections setting a cart line to one unit. PUT runs the same path
 * as "Añadir al carrito"'s POST (session, stock check, upsert, announcement, the whole cart back)
 * but stays valid when repeated; POST adds a unit each time and would soon be refused at the stock
 * limit. Two shapes: 50 shoppers, each writing their own cart (as traffic comes), and one
 * shopper's one line written from all 50 at once (every write queues on that row's lock).
 */
export async function measureCartLoad(
  baseUrl: string,
  connections = 50,
  durationSeconds = 10,
): Promise<CartLoad[]> {
  const shoppers = await Promise.all(Array.from({ length: connections }, () => signUpBenchShopper(baseUrl)));
  const first = shoppers[0];
  if (!first) throw new Error("no bench shopper");
  const oneLine = Array.from({ length: connections }, () => first);
  // Each shape first runs unmeasured for a few seconds: the figures are the server's steady state,
  // not its first requests (code not yet optimised by V8, statements not yet prepared on every
  // pooled connection, the sign-ups' password hashing still finishing).
  await run(baseUrl, "shoppers", shoppers, WARM_UP_SECONDS);
  const spread = await run(baseUrl, "shoppers", shoppers, durationSeconds);
  await run(baseUrl, "one-line", oneLine, WARM_UP_SECONDS);
  return [spread, await run(baseUrl, "one-line", oneLine, durationSeconds)];
}

/** Unmeasured load before each measured one. */
export const WARM_UP_SECONDS = 3;

async function run(
  baseUrl: string,
  shape: CartLoad["shape"],
  shoppers: BenchShopper[],
  durationSeconds: number,
): Promise<CartLoad> {
  const headers = (shopper: BenchShopper) => ({
    "content-type": "application/json",
    origin: originOf(baseUrl),
    cookie: shopper.cookie,
  });
  let next = 0;
  const result = await autocannon({
    url: `${baseUrl}/api/cart/1?lang=es`,
    method: "PUT",
    connections: shoppers.length,
    duration: durationSeconds,
    body: JSON.stringify({ cantidad: 1 }),
    // Each connection is one shopper's browser.
    setupClient: (client) => {
      const shopper = shoppers[next++ % shoppers.length];
      if (shopper) client.setHeaders(headers(shopper));
    },
  });
  return {
    shape,
    connections: shoppers.length,
    durationSeconds,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
