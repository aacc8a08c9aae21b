import { describe, expect, it } from "vitest";
import {
  customerEraseSchema,
  customerIdParamSchema,
  customerListQuerySchema,
} from "./back-office-customer-contract.ts";

describe("the back office's customer contract", () => {
  it("lists the newest 25 when nothing is asked, and reads a GET form's empty fields as not given", () => {
    expect(customerListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(customerListQuerySchema.parse({ q: "", page: "", pageSize: "" })).toEqual({
      page: 1,
      pageSize: 25,
    });
    expect(customerListQuerySchema.parse({ q: "  Ana   García ", page: "2", pageSize: "50" })).toEqual({
      q: "Ana García",
      page: 2,
      pageSize: 50,
    });
  });

  it("refuses what no form sends", () => {
    for (const query of [
      { page: "0" },
      { page: "1.5" },
      { pageSize: "30" },
      { q: "a\u0000b" },
      { q: "x".repeat(101) },
    ]) {
      expect(customerListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(customerIdParamSchema.safeParse({ id: "a/b" }).success).toBe(false);
    expect(customerIdParamSchema.safeParse({ id: "Xy_9-z" }).success).toBe(true);
  });

  it("compares the typed e-mail case aside, and takes nothing else", () => {
    expect(customerEraseSchema.parse({ confirmEmail: " Ana@Example.com " })).toEqual({
      confirmEmail: "ana@example.com",
    });
    expect(customerEraseSchema.safeParse({ confirmEmail: "" }).success).toBe(false);
    expect(customerEraseSchema.safeParse({ confirmEmail: "a@b.c", extra: true }).success).toBe(false);
  });
});
