import { describe, expect, it } from "vitest";
import { paymentsFromEnv } from "../payments/payments-from-env.ts";
import { createTestApi } from "../testing/test-app.ts";

/** The page's Content-Security-Policy, directive by directive. */
async function policyOf(stripe: boolean): Promise<Map<string, string[]>> {
  const choice = stripe
    ? paymentsFromEnv({
        NODE_ENV: "test",
        STRIPE_SECRET_KEY: "sk_test_shop",
        STRIPE_PUBLISHABLE_KEY: "pk_test_shop",
        STRIPE_API_BASE: "http://127.0.0.1:9",
      })
    : { kind: "test" as const };
  const api = await createTestApi({ whole: true, ...(choice.kind === "stripe" ? { payments: choice } : {}) });
  try {
    const header = (await api.request("/api/health")).headers.get("content-security-policy") ?? "";
    return new Map(
      header.split(";").map((directive) => {
        const [name = "", ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
  } finally {
    await api.close();
  }
}

describe("what the pages may load from elsewhere (decision 034)", () => {
  it("names exactly Stripe's script, frames and API where Stripe takes the payments", async () => {
    const policy = await policyOf(true);
    expect(policy.get("script-src")).toEqual(expect.arrayContaining(["https://js.stripe.com"]));
    expect(policy.get("frame-src")).toEqual([
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
  });

  it("names no third party with the built-in test provider", async () => {
    const policy = await policyOf(false);
    expect(policy.get("script-src")?.some((source) => source.includes("stripe"))).toBe(false);
    expect(policy.has("frame-src")).toBe(false);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
  });
});
