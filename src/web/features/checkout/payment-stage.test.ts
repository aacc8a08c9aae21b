import { describe, expect, it } from "vitest";
import type { MultibancoDetails } from "#shared/api/payment-contract.ts";
import { intentIdOf } from "./api/payment-calls.ts";
import { stagePayment } from "./payment-stage.ts";

const multibanco: MultibancoDetails = {
  entity: "12345",
  reference: "123456789",
  amountCents: 4200,
  expiresAt: "2026-11-26T22:59:00Z",
  voucherUrl: null,
};
const fresh = { status: "requires_payment_method", lastFailure: null, multibanco: null } as const;

describe("an order's payment stage", () => {
  it("shows the form before any attempt", () => {
    expect(stagePayment(fresh, false)).toBe("form");
  });

  it("waits while the provider works, even with an older failure on record", () => {
    expect(stagePayment({ ...fresh, status: "processing" }, false)).toBe("confirming");
    expect(stagePayment({ ...fresh, status: "succeeded", lastFailure: "card-declined" }, false)).toBe(
      "confirming",
    );
  });

  it("says why the last attempt failed, and offers the form again", () => {
    expect(stagePayment({ ...fresh, lastFailure: "authentication-failed" }, false)).toBe("failed");
    expect(stagePayment({ ...fresh, lastFailure: "card-declined" }, true)).toBe("failed");
  });

  it("waits when the shopper is back from the bank saying it went through", () => {
    expect(stagePayment(fresh, true)).toBe("confirming");
  });

  it("shows a Multibanco reference waiting to be paid", () => {
    expect(stagePayment({ ...fresh, status: "requires_action", multibanco }, false)).toBe("multibanco");
    expect(stagePayment({ ...fresh, status: "requires_action", multibanco }, true)).toBe("multibanco");
  });
});

describe("a client secret", () => {
  it("names its intent before _secret_", () => {
    expect(intentIdOf("pi_123abc_secret_xyz")).toBe("pi_123abc");
  });
});
