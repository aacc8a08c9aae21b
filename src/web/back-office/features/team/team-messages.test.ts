import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-client.ts";
import { inviteFieldMessage, teamErrorMessage } from "./team-messages.ts";

describe("the team screen's messages", () => {
  it("tells the owner an address already has an account, and that they cannot disable themselves", () => {
    expect(teamErrorMessage(new ApiError(409, "already-staff", "x"))).toMatch(
      /ya tiene una cuenta de gestión/,
    );
    expect(teamErrorMessage(new ApiError(409, "own-account", "x"))).toBe(
      "No puedes desactivar tu propia cuenta.",
    );
  });

  it("falls back to the back office's own sentences", () => {
    expect(teamErrorMessage(new ApiError(401, "unauthorized", "x"))).toMatch(/sesión ha terminado/);
    expect(teamErrorMessage(new TypeError("fetch failed"))).toMatch(/No hay conexión/);
  });

  it("says what is wrong with the address typed", () => {
    expect(inviteFieldMessage("email-invalid")).toBe("Ese correo electrónico no es válido.");
    expect(inviteFieldMessage("email-required")).toMatch(/Escribe el correo/);
    expect(inviteFieldMessage(undefined)).toBeUndefined();
  });
});
