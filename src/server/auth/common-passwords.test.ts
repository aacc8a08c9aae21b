import { describe, expect, it } from "vitest";
import { BREACHED_TOP, breachedPasswords, isCommonPassword } from "./common-passwords.ts";

describe("breached passwords (issue 28)", () => {
  it("holds the passwords of 8 characters or more among the 100,000 most common, read once", () => {
    const passwords = breachedPasswords();
    expect(BREACHED_TOP).toBe(100_000);
    // About two in five of the top 100,000 are 8 characters long or more.
    expect(passwords.size).toBeGreaterThan(35_000);
    expect(passwords.size).toBeLessThan(45_000);
    expect(breachedPasswords()).toBe(passwords);
    expect(
      [...passwords].every((password) => password.length >= 8 && password === password.toLowerCase()),
    ).toBe(true);
  });

  it("finds them whatever their letter case, and the Spanish and Portuguese favourites", () => {
    for (const password of ["iloveyou1", "qwerty123", "Password1", "PASSWORD123", "1q2w3e4r5t", "aaaaaaaa"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of ["contraseña1", "barcelona", "senha123", "miaubot1"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("lets a strong password through, and those the shop's tests sign up with", () => {
    for (const password of [
      "tejado-de-gatos-robot-31",
      "gato-robot-azul-7",
      "Gato-Robot-Azul-2026",
      "bench-robot-azul-2026",
      "robot-nuevo-2026",
      "otra-clave-segura-9",
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
