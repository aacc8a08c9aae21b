import autocannon from "autocannon";
import { originOf, signUpBenchShopper } from "./api-shoppers.ts";

export type CartLoad = {
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
};

/**
 * Cart writes under load: 50 connections of one signed-in shopper setting a cart line to one
 * unit. PUT runs the same path as "Añadir al carrito"'s POST (session, stock check, upsert,
 * NOTIFY, the whole cart back) but stays valid when repeated; POST adds a unit each time and
 * would soon be refused at the stock limit.
 */
export async function measureCartLoad(
  baseUrl: string,
  connections = 50,
  durationSeconds = 10,
): Promise<CartLoad> {
  const shopper = await signUpBenchShopper(baseUrl);
  const result = await autocannon({
    url: `${baseUrl}/api/cart/1?lang=es`,
    method: "PUT",
    connections,
    duration: durationSeconds,
    headers: { "content-type": "application/json", origin: originOf(baseUrl), cookie: shopper.cookie },
    body: JSON.stringify({ cantidad: 1 }),
  });
  return {
    connections,
    durationSeconds,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
