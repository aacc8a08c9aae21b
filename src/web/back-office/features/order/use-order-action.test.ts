import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-client.ts";
import { actionErrorText } from "./use-order-action.ts";

describe("actionErrorText", () => {
  it("says a return received twice was not refunded twice, not just that the order moved", () => {
    const text = actionErrorText(new ApiError(409, "request-closed", "already received"));
    expect(text).toContain("ya se había recibido");
    expect(text).toContain("no se ha reembolsado dos veces");
  });

  it("says any other 409 is someone else's change", () => {
    expect(actionErrorText(new ApiError(409, "order-state", "shipped"))).toMatch(/^Otra persona ha cambiado/);
  });

  it("says a known refusal in its own words and leaves the rest to the staff API's messages", () => {
    expect(actionErrorText(new ApiError(400, "nothing-to-refund", ""))).toBe(
      "Elige al menos una unidad o los gastos de envío.",
    );
    expect(actionErrorText(new ApiError(403, "forbidden", ""))).toBe(
      "Tu rol no permite hacer esto en los pedidos.",
    );
    expect(actionErrorText(new TypeError("Failed to fetch"))).not.toBe("");
  });
});
