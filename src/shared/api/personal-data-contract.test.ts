import { describe, expect, it } from "vitest";
import { isValidBirthDate, isValidPhone } from "./personal-data-contract.ts";

describe("personal data rules", () => {
  it.each(["612345678", "+34 612 345 678", "0034912345678", "+351 912 345 678", "+351212345678"])(
    "accepts the phone %s",
    (phone) => expect(isValidPhone(phone)).toBe(true),
  );

  it.each(["12345", "512345678", "+351 812 345 678", "+33 612345678", "abc"])(
    "refuses the phone %s",
    (phone) => expect(isValidPhone(phone)).toBe(false),
  );

  it("takes only real past dates within a lifetime", () => {
    const today = new Date("2026-11-22T12:00:00Z");
    expect(isValidBirthDate("1990-02-28", today)).toBe(true);
    expect(isValidBirthDate("1990-02-30", today)).toBe(false);
    expect(isValidBirthDate("2030-01-01", today)).toBe(false);
    expect(isValidBirthDate("1890-01-01", today)).toBe(false);
    expect(isValidBirthDate("22/11/1990", today)).toBe(false);
  });
});
