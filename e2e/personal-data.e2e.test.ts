import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";
import { registerShopper } from "./support/register.ts";

const session = setUpBrowser();

describe("personal data", () => {
  it("shows the account's data, refuses a bad phone, and keeps what was saved", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    await registerShopper(page, { name: "Bruno", lastName: "Costa", email: "bruno.datos@example.com" });

    await main.getByRole("link", { name: "Datos personales" }).click();
    await page.waitForURL("**/datos/personales");
    await expect.poll(() => main.getByLabel("Apellidos").inputValue()).toBe("Costa");
    expect(await main.getByLabel("Correo electrónico").inputValue()).toBe("bruno.datos@example.com");

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
