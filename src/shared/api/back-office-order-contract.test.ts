import { describe, expect, it } from "vitest";
import {
  backOfficeOrderApi,
  orderDocumentFileSchema,
  orderNoteSchema,
  orderNumberSchema,
  refundOrderSchema,
  shipOrderSchema,
} from "./back-office-order-contract.ts";

describe("the back office's order contract", () => {
  it("takes order numbers and document files as the shop prints them, nothing else", () => {
    expect(orderNumberSchema.safeParse("2026-000042").success).toBe(true);
    for (const bad of ["2026-42", "../2026-000042", "2026-000042 ", ""]) {
      expect(orderNumberSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(
      orderDocumentFileSchema.safeParse({ number: "2026-000001", file: "A2026-000003.pdf" }).success,
    ).toBe(true);
    expect(orderDocumentFileSchema.safeParse({ number: "2026-000001", file: "A2026-000003" }).success).toBe(
      false,
    );
  });

  it("reads a parcel's number in capitals and refuses an unknown carrier", () => {
    expect(shipOrderSchema.parse({ carrier: "envios-veloz", trackingNumber: " ev-12345 " })).toEqual({
      carrier: "envios-veloz",
      trackingNumber: "EV-12345",
      note: "",
    });
    expect(shipOrderSchema.safeParse({ carrier: "otra", trackingNumber: "EV-12345" }).success).toBe(false);
  });

  it("defaults a refund to restocked without shipping, and refuses negative units", () => {
    expect(refundOrderSchema.parse({ lines: [{ position: 0, quantity: 1 }] })).toEqual({
      lines: [{ position: 0, quantity: 1 }],
      shipping: false,
      restock: true,
      note: "",
    });
    expect(refundOrderSchema.safeParse({ lines: [{ position: 0, quantity: -1 }] }).success).toBe(false);
  });

  it("wants a note with words in it", () => {
    expect(orderNoteSchema.safeParse({ note: "  " }).success).toBe(false);
    expect(orderNoteSchema.parse({ note: " Llamar antes " }).note).toBe("Llamar antes");
  });

  it("spells the API's paths of one order", () => {
    expect(backOfficeOrderApi.action("2026-000001", "refund")).toBe(
      "/api/gestion/orders/2026-000001/refunds",
    );
    expect(backOfficeOrderApi.action("2026-000001", "return")).toBe(
      "/api/gestion/orders/2026-000001/returns",
    );
    expect(backOfficeOrderApi.action("2026-000001", "notes")).toBe("/api/gestion/orders/2026-000001/notes");
    expect(backOfficeOrderApi.document("2026-000001", "F2026-000001")).toBe(
      "/api/gestion/orders/2026-000001/documents/F2026-000001.pdf",
    );
  });
});
