import { randomUUID } from "node:crypto";

/** A shopper of the benchmarked shop: their cookie and a JSON request helper. */
export type BenchShopper = {
  cookie: string;
  call: (method: string, path: string, body?: unknown) => Promise<Response>;
};

const PASSWORD = "bench-robot-azul-2026";

/** The shop trusts its own origin (localhost:PORT) for writes. */
export function originOf(baseUrl: string): string {
  return baseUrl.replace("127.0.0.1", "localhost");
}

export async function signUpBenchShopper(baseUrl: string): Promise<BenchShopper> {
  const origin = originOf(baseUrl);
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      name: "Bench",
      lastName: "Shopper",
      email: `bench-${randomUUID()}@example.com`,
      password: PASSWORD,
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return {
    cookie,
    call: (method, path, body) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { origin, cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}

/** Milliseconds at a percentile of a list of durations (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
