import { describe, expect, it } from "vitest";
import type { StaffMe } from "#shared/api/staff-contract.ts";
import { redirectFor, secretOf } from "./staff-access.ts";

const me = (twoFactorEnabled: boolean, role: StaffMe["role"] = "owner"): StaffMe => ({
  id: "s1",
  email: "ana@example.com",
  name: "Ana",
  role,
  twoFactorEnabled,
});

describe("who may see which back-office page", () => {
  it("sends nobody signed in to the sign-in page", () => {
    expect(redirectFor("home", null)).toBe("/gestion/entrar");
    expect(redirectFor("enrolment", null)).toBe("/gestion/entrar");
    expect(redirectFor("sign-in", null)).toBeUndefined();
  });

  it("sends a staff member without a second factor to its enrolment, wherever they go", () => {
    expect(redirectFor("home", me(false))).toBe("/gestion/doble-factor");
    expect(redirectFor("sign-in", me(false))).toBe("/gestion/doble-factor");
    expect(redirectFor("enrolment", me(false))).toBeUndefined();
  });

  it("lets an enrolled staff member in, and past the sign-in and enrolment pages", () => {
    expect(redirectFor("home", me(true))).toBeUndefined();
    expect(redirectFor("sign-in", me(true))).toBe("/gestion");
    expect(redirectFor("enrolment", me(true))).toBe("/gestion");
    expect(redirectFor("orders", me(true, "staff"))).toBeUndefined();
    expect(redirectFor("customer", me(true, "staff"))).toBeUndefined();
  });

  it("keeps the staff screen for the owner", () => {
    expect(redirectFor("team", me(true))).toBeUndefined();
    expect(redirectFor("team", me(true, "staff"))).toBe("/gestion");
    expect(redirectFor("team", me(false))).toBe("/gestion/doble-factor");
    expect(redirectFor("orders", null)).toBe("/gestion/entrar");
  });

  it("keeps the newsletter's sending for the owner, its lists for everyone (decision 054)", () => {
    expect(redirectFor("new-issue", me(true))).toBeUndefined();
    expect(redirectFor("new-issue", me(true, "staff"))).toBe("/gestion");
    expect(redirectFor("newsletter", me(true, "staff"))).toBeUndefined();
    expect(redirectFor("newsletter-issue", me(true, "staff"))).toBeUndefined();
  });

  it("lets a staff member open the catalogue's import, which tells them only the owner imports", () => {
    expect(redirectFor("catalog-import", me(true))).toBeUndefined();
    expect(redirectFor("catalog-import", me(true, "staff"))).toBeUndefined();
    expect(redirectFor("catalog-import", null)).toBe("/gestion/entrar");
  });
});

describe("the secret of an authenticator's link", () => {
  it("reads it in groups of four, and nothing from a broken link", () => {
    const uri = "otpauth://totp/Tienda:ana%40example.com?secret=JBSWY3DPEHPK3PXPAB&issuer=Tienda";
    expect(secretOf(uri)).toBe("JBSW Y3DP EHPK 3PXP AB");
    expect(secretOf("not a uri")).toBeUndefined();
    expect(secretOf("otpauth://totp/x?issuer=y")).toBeUndefined();
  });
});
