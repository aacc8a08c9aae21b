import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { paymentsFromEnv } from "./payments-from-env.ts";
import { TEST_CARD_PROVIDER } from "./test-card-provider.ts";

const providerFor = (vars: Record<string, string>) => paymentsFromEnv(parseEnv(vars)).provider.name;

describe("how the shop takes payments (issue 11)", () => {
  it("refuses to start in production without being told, naming both ways out", () => {
    expect(() => paymentsFromEnv(parseEnv({ NODE_ENV: "production" }))).toThrow(
      /STRIPE_SECRET_KEY.*PAYMENTS=test/,
    );
    expect(() => paymentsFromEnv(parseEnv({ PAYMENTS: "stripe" }))).toThrow(/STRIPE_SECRET_KEY/);
  });

  it("takes test cards when asked to, or on a developer's machine; Stripe when its key is set", () => {
    expect(providerFor({ NODE_ENV: "production", PAYMENTS: "test" })).toBe(TEST_CARD_PROVIDER);
    expect(providerFor({})).toBe(TEST_CARD_PROVIDER);
    expect(providerFor({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_test_x" })).toBe("stripe");
    expect(providerFor({ PAYMENTS: "test", STRIPE_SECRET_KEY: "sk_test_x" })).toBe(TEST_CARD_PROVIDER);
  });
});
