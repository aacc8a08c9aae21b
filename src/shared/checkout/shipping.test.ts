import { describe, expect, it } from "vitest";
import { deliveryEstimate, shippingCents } from "./shipping.ts";

describe("shipping", () => {
  it("is free for standard shipping from the zone's threshold, never for express", () => {
    expect(shippingCents("es-peninsula", "standard", 4999)).toBe(495);
    expect(shippingCents("es-peninsula", "standard", 5000)).toBe(0);
    expect(shippingCents("es-peninsula", "express", 50000)).toBe(895);
    expect(shippingCents("pt-azores", "standard", 6000)).toBe(995);
  });

  it("counts working days from dispatch, which is the next working day after the cut-off", () => {
    // Monday 23 November 2026, 10:00 in Madrid: leaves today, 2–3 working days.
    expect(deliveryEstimate("es-peninsula", "standard", new Date("2026-11-23T09:00:00Z"))).toEqual({
      from: "2026-11-25",
      to: "2026-11-26",
    });
    // Same Monday at 15:00 in Madrid: leaves on Tuesday.
    expect(deliveryEstimate("es-peninsula", "standard", new Date("2026-11-23T14:00:00Z"))).toEqual({
      from: "2026-11-26",
      to: "2026-11-27",
    });
    // Friday after the cut-off and the weekend: leaves Monday, express arrives Tuesday.
    expect(deliveryEstimate("es-peninsula", "express", new Date("2026-11-27T16:00:00Z"))).toEqual({
      from: "2026-12-01",
      to: "2026-12-01",
    });
  });
});
