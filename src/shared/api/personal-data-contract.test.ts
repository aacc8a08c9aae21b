import { describe, expect, it } from "vitest";
import { isValidBirthDate, personalDataSchema } from "./personal-data-contract.ts";

describe("personal data rules", () => {
  it("takes only real past dates within a lifetime", () => {
    const today = new Date("2026-11-22T12:00:00Z");
    expect(isValidBirthDate("1990-02-28", today)).toBe(true);
    expect(isValidBirthDate("1990-02-30", today)).toBe(false);
    expect(isValidBirthDate("2030-01-01", today)).toBe(false);
    expect(isValidBirthDate("1890-01-01", today)).toBe(false);
    expect(isValidBirthDate("22/11/1990", today)).toBe(false);
  });

  it("leaves phone and birth date optional but checks them when given", () => {
    const base = { name: "Ana", lastName: "García", phone: "", birthDate: "" };
    expect(personalDataSchema.safeParse(base).success).toBe(true);
    expect(personalDataSchema.safeParse({ ...base, phone: "+351 912 345 678" }).success).toBe(true);
    expect(personalDataSchema.safeParse({ ...base, phone: "12345" }).error?.issues[0]?.message).toBe(
      "phone-invalid",
    );
  });
});
