import { describe, expect, it } from "vitest";
import { isValidPhone } from "./phone.ts";

describe("phone numbers of Spain and Portugal", () => {
  it.each(["612345678", "+34 612 345 678", "0034912345678", "+351 912 345 678", "+351212345678"])(
    "accepts %s for a Spanish home",
    (phone) => expect(isValidPhone(phone)).toBe(true),
  );

  it.each(["12345", "512345678", "212345678", "+351 812 345 678", "+33 612345678", "abc"])(
    "refuses %s for a Spanish home",
    (phone) => expect(isValidPhone(phone, "ES")).toBe(false),
  );

  it("reads numbers without a prefix as the home country's", () => {
    expect(isValidPhone("212 345 678", "PT")).toBe(true);
    expect(isValidPhone("912-345-678", "PT")).toBe(true);
    expect(isValidPhone("612 345 678", "PT")).toBe(false);
    expect(isValidPhone("+34 612 345 678", "PT")).toBe(true);
  });
});
