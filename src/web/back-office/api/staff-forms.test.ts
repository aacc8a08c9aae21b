import { describe, expect, it } from "vitest";
import { codeFormSchema, signInFormSchema } from "./staff-forms.ts";

describe("the back office's forms", () => {
  it("takes a code typed with spaces or a dash, and refuses anything but six digits", () => {
    expect(codeFormSchema.parse({ code: " 123 456 " })).toEqual({ code: "123456" });
    expect(codeFormSchema.parse({ code: "123-456" })).toEqual({ code: "123456" });
    expect(codeFormSchema.safeParse({ code: "12345" }).error?.issues[0]?.message).toBe("code-invalid");
    expect(codeFormSchema.safeParse({ code: "12345a" }).success).toBe(false);
  });

  it("writes the address as the accounts keep it", () => {
    expect(signInFormSchema.parse({ email: " Ana@Example.com ", password: "x" }).email).toBe(
      "ana@example.com",
    );
    expect(signInFormSchema.safeParse({ email: "ana", password: "x" }).error?.issues[0]?.message).toBe(
      "email-invalid",
    );
  });
});
