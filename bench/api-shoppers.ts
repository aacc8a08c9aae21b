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

/**
 * A new account, signed in with its password: sign-up answers alike for a new address and a taken
 * one and signs nobody in (issue 28), while an account whose address is not yet proven still
 * signs in with its password and shops, which is all the benchmark needs.
 */
export async function signUpBenchShopper(
  baseUrl: string,
  /** The shop's PUBLIC_URL when it has one (behind a proxy): writes are trusted from it alone. */
  origin = originOf(baseUrl),
): Promise<BenchShopper> {
  const email = `bench-${randomUUID()}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    });
  const signUp = await post("/api/auth/sign-up/email", {
    name: "Bench",
    lastName: "Shopper",
    email,
    password: PASSWORD,
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const response = await post("/api/auth/sign-in/email", { email, password: PASSWORD });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
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
