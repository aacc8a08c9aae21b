import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";
import { registerShopper, SHOPPER_PASSWORD } from "./support/register.ts";

const session = setUpBrowser();

describe("personal data", () => {
  it("shows the account's data, refuses a bad phone, and keeps what was saved", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    await registerShopper(page, { name: "Bruno", lastName: "Costa", email: "bruno.datos@example.com" });

    await main.getByRole("link", { name: "Datos personales" }).click();
    await page.waitForURL("**/datos/personales");
    await expect.poll(() => main.getByLabel("Apellidos").inputValue()).toBe("Costa");
    expect(await main.getByLabel("Correo electrónico", { exact: true }).inputValue()).toBe(
      "bruno.datos@example.com",
    );

    await main.getByLabel(/Teléfono/).fill("12345");
    await main.getByRole("button", { name: "Guardar cambios" }).click();
    await expect
      .poll(() => main.getByText(/Escribe un teléfono de España o Portugal/).isVisible())
      .toBe(true);

    await main.getByLabel(/Teléfono/).fill("+351 912 345 678");
    await main.getByLabel("Fecha de nacimiento").fill("1990-04-12");
    await main.getByRole("button", { name: "Guardar cambios" }).click();
    await expect.poll(() => page.getByText("Tus datos se han guardado.").isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => main.getByLabel(/Teléfono/).inputValue()).toBe("+351 912 345 678");
    expect(await main.getByLabel("Fecha de nacimiento").inputValue()).toBe("1990-04-12");
  });
});

describe("changing the sign-in email", () => {
  it("asks for the password, then signs in with the new address", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    await registerShopper(page, { name: "Nuria", email: "nuria.antes@example.com" });
    await page.goto("/datos/personales");
    await main.locator("summary", { hasText: "Cambiar el correo electrónico" }).click();
    await main.getByLabel("Correo electrónico nuevo").fill("nuria.despues@example.com");
    await main.getByLabel("Tu contraseña actual").fill("no-es-la-clave");
    await main.getByRole("button", { name: "Cambiar el correo" }).click();
    await expect.poll(() => main.getByText("La contraseña no es correcta.").isVisible()).toBe(true);

    await main.getByLabel("Tu contraseña actual").fill(SHOPPER_PASSWORD);
    await main.getByRole("button", { name: "Cambiar el correo" }).click();
    await expect
      .poll(() => page.getByText("ahora inicias sesión con nuria.despues@example.com").isVisible())
      .toBe(true);
    await expect
      .poll(() => main.getByLabel("Correo electrónico", { exact: true }).inputValue())
      .toBe("nuria.despues@example.com");

    await page.goto("/login");
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/login");
    await main.getByLabel("Correo electrónico").fill("nuria.despues@example.com");
    await main.getByLabel("Contraseña", { exact: true }).fill(SHOPPER_PASSWORD);
    await main.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect.poll(() => main.locator("h1").textContent()).toBe("¡Hola, Nuria!");
  });
});
