import { describe, expect, it } from "vitest";
import { isValidTaxId } from "./tax-id.ts";

describe("tax ids for invoices", () => {
  it.each([
    "12345678Z",
    "X1234567L",
    "A58818501",
    "ESA58818501",
    "501964843",
    "PT 501 964 843",
    "12.345.678-z",
  ])("accepts %s", (value) => expect(isValidTaxId(value)).toBe(true));

  it.each(["12345678A", "B87654321", "501964842", "", "hello"])("refuses %s", (value) =>
    expect(isValidTaxId(value)).toBe(false),
  );
});
