import type { APIRequestContext, Page } from "playwright-core";
import { expect } from "vitest";
import { waitForMail } from "./outbox.ts";

export const SHOPPER_PASSWORD = "Gato-Robot-Azul-2026";

/** The code the shop mailed to `email` to prove the address (issue 28): its own line in the mail. */
export async function mailedAddressCode(email: string, dir?: string): Promise<string> {
  const mail = await waitForMail(email, /^\d{6}\r?$/m, ...(dir ? [dir] : []));
  const code = /^(\d{6})\r?$/m.exec(mail)?.[1];
  expect(code).toBeDefined();
  return code ?? "";
}

/**
 * Fills and sends /register, then types the mailed code that proves the address and signs in;
 * waits for the account page unless told the form should stop before (a refusal, or the
 * "check your mail" step itself).
 */
export async function registerShopper(
  page: Page,
  shopper: {
    name?: string;
    lastName?: string;
    email: string;
    password?: string;
    expectFailure?: boolean;
    /** The outbox of a shop the test file started itself, instead of the shared one. */
    outbox?: string;
  },
): Promise<void> {
  const main = page.locator("main");
  const password = shopper.password ?? SHOPPER_PASSWORD;
  await page.goto("/register");
  await main.getByLabel("Nombre", { exact: true }).fill(shopper.name ?? "Ana");
  await main.getByLabel("Apellidos").fill(shopper.lastName ?? "García López");
  await main.getByLabel("Correo electrónico").fill(shopper.email);
  await main.getByLabel("Contraseña", { exact: true }).fill(password);
  await main.getByLabel("Repite la contraseña").fill(password);
  await main.getByRole("checkbox", { name: /acepto las/ }).check();
  await main.getByRole("button", { name: "Crear cuenta" }).click();
  if (!shopper.expectFailure) await typeAddressCode(page, shopper.email, shopper.outbox);
}

/** The "check your mail" step after registering: the mailed code typed, the account page next. */
export async function typeAddressCode(page: Page, email: string, outbox?: string): Promise<void> {
  const main = page.locator("main");
  await main.getByRole("heading", { name: "Confirma tu correo" }).waitFor();
  await main.getByLabel("Código de 6 cifras").fill(await mailedAddressCode(email, outbox));
  await main.getByRole("button", { name: "Confirmar y entrar" }).click();
  await page.waitForURL("**/login");
}

/**
 * Registers through the API in `request`'s cookie jar and proves the address with the mailed code,
 * as the register page does: the jar then holds the signed-in session of a proven account.
 */
export async function registerProvenByApi(
  request: APIRequestContext,
  origin: string,
  shopper: { name: string; lastName: string; email: string; password?: string },
): Promise<void> {
  const password = shopper.password ?? SHOPPER_PASSWORD;
  const headers = { origin };
  const signedUp = await request.post("/api/auth/sign-up/email", { data: { ...shopper, password }, headers });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const code = await mailedAddressCode(shopper.email);
  const proven = await request.post("/api/auth/sign-up/prove-address", { data: { code }, headers });
  expect(proven.status(), await proven.text()).toBe(200);
}
