import type { Page } from "playwright-core";

export const SHOPPER_PASSWORD = "Gato-Robot-Azul-2026";

/** Fills and sends /register; waits for the account page unless told the form should fail. */
export async function registerShopper(
  page: Page,
  shopper: { name?: string; lastName?: string; email: string; password?: string; expectFailure?: boolean },
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
  if (!shopper.expectFailure) await page.waitForURL("**/login");
}
