import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-client.ts";
import { StaffApiError } from "./staff-api-error.ts";
import { fieldMessage, staffErrorMessage } from "./staff-error-message.ts";

describe("the back office's error messages", () => {
  it("says what a refusal of the staff API or better-auth means, in Spanish", () => {
    expect(staffErrorMessage(new ApiError(401, "INVALID_EMAIL_OR_PASSWORD", "x"))).toContain("contraseña");
    expect(staffErrorMessage(new ApiError(401, "INVALID_CODE", "x"))).toContain("código no es correcto");
    expect(staffErrorMessage(new ApiError(410, "invitation-gone", "x"))).toContain("caducado");
    expect(staffErrorMessage(new ApiError(403, "STAFF_DISABLED", "x"))).toContain("desactivada");
  });

  it("says which field the API refused, as a password too common", () => {
    const refused = new StaffApiError(400, "invalid-request", "x", { password: "password-too-common" });
    expect(staffErrorMessage(refused)).toContain("demasiado común");
  });

  it("falls back on the status, then on a general sentence; a lost connection is said as such", () => {
    expect(staffErrorMessage(new ApiError(429, "SOMETHING_NEW", "x"))).toContain("Demasiados intentos");
    expect(staffErrorMessage(new ApiError(500, "internal-error", "x"))).toContain("Algo ha fallado");
    expect(staffErrorMessage(new TypeError("Failed to fetch"))).toContain("conexión");
    expect(staffErrorMessage(new ApiError(400, "toString", "x"))).toContain("Algo ha fallado");
  });

  it("translates the shared schemas' field codes", () => {
    expect(fieldMessage("email-invalid")).toBe("Ese correo electrónico no es válido.");
    expect(fieldMessage(undefined)).toBeUndefined();
    expect(fieldMessage("something-else")).toBe("Revisa este campo.");
  });
});
