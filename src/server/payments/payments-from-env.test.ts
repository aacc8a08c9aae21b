import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { paymentsFromEnv } from "./payments-from-env.ts";

const choose = (vars: Record<string, string>) => paymentsFromEnv(parseEnv(vars));
const kindFor = (vars: Record<string, string>) => choose(vars).kind;
const STRIPE = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" };

describe("how the shop takes payments (issue 11)", () => {
  it("refuses to start in production without being told, naming both ways out", () => {
    expect(() => choose({ NODE_ENV: "production" })).toThrow(/STRIPE_SECRET_KEY.*PAYMENTS=test/);
    expect(() => choose({ PAYMENTS: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it("takes test payments when asked to, or on a developer's machine; Stripe when its keys are set", () => {
    expect(kindFor({ NODE_ENV: "production", PAYMENTS: "test" })).toBe("test");
    expect(kindFor({})).toBe("test");
    expect(kindFor({ NODE_ENV: "production", ...STRIPE })).toBe("stripe");
    expect(kindFor({ PAYMENTS: "stripe", ...STRIPE })).toBe("stripe");
    expect(kindFor({ PAYMENTS: "test", ...STRIPE })).toBe("test");
    // PAYMENTS=test needs no publishable key, even beside a secret key.
    expect(kindFor({ PAYMENTS: "test", STRIPE_SECRET_KEY: "sk_test_x" })).toBe("test");
  });
});

describe("Stripe's keys (decision 034)", () => {
  it("gives the browser Stripe's Payment Element with the publishable key", () => {
    const choice = choose({ NODE_ENV: "production", ...STRIPE });
    if (choice.kind !== "stripe") throw new Error("Stripe was not chosen");
    expect(choice.provider.name).toBe("stripe");
    expect(choice.provider.browser).toEqual({ kind: "stripe", publishableKey: "pk_test_x" });
    expect(choice.stripeWebhook).toBeUndefined();
  });

  it("hears Stripe's webhook when its signing secret is set", () => {
    const choice = choose({ ...STRIPE, STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(choice.kind === "stripe" && choice.stripeWebhook?.secret).toBe("whsec_x");
  });

  it("refuses to start with Stripe but no publishable key, saying which one is missing", () => {
    expect(() => choose({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() => choose({ PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
  });

  it("refuses a publishable key that is not one, or from the other mode than the secret key", () => {
    expect(() => choose({ ...STRIPE, STRIPE_PUBLISHABLE_KEY: "sk_test_x" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() => choose({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" })).toThrow(
      /live key.*test one/,
    );
    expect(kindFor({ STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: "pk_live_x" })).toBe("stripe");
  });
});
