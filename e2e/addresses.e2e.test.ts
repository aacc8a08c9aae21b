import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";
import { registerShopper } from "./support/register.ts";

const session = setUpBrowser();

async function fillAddress(page: Page, fields: Record<string, string>) {
  const main = page.locator("main");
  for (const [label, value] of Object.entries(fields)) {
    await main.getByLabel(label, { exact: true }).fill(value);
  }
}

describe("addresses", () => {
  it("adds, checks, edits, chooses the default and deletes addresses, live on a second device", async () => {
    const page = await session.newPage();
    await registerShopper(page, { name: "Rita", lastName: "Mar", email: "rita.addresses@example.com" });
    const other = await session.newPage();
    await other.context().addCookies(await page.context().cookies());
    await other.goto("/direccion");
    await expect
      .poll(() => other.getByText("Todavía no has guardado ninguna dirección").isVisible())
      .toBe(true);

    await page.goto("/direccion");
    const main = page.locator("main");
    await main.getByRole("button", { name: "Añadir una dirección" }).click();
    await fillAddress(page, {
      Nombre: "Rita",
      Apellidos: "Mar",
      "Calle y número": "Calle Mayor 5",
      "Código postal": "08001",
      Localidad: "Madrid",
      "Teléfono de contacto": "612 345 678",
    });
    await main.getByLabel("Provincia").selectOption({ label: "Madrid" });
    await main.getByRole("button", { name: "Guardar la dirección" }).click();
    await expect
      .poll(() => main.getByText("Este código postal no corresponde a la provincia").isVisible())
      .toBe(true);

    // A Spanish postal code typed with a space is tidied, and it names its province.
    await main.getByLabel("Código postal").fill("28 013");
    await main.getByRole("button", { name: "Guardar la dirección" }).click();
    const madrid = main.getByRole("article", { name: "Rita Mar" });
    await expect.poll(() => madrid.textContent()).toContain("28013 Madrid (Madrid)");
    expect(await madrid.textContent()).toContain("Predeterminada");
    // The second device sees it without reloading.
    await expect
      .poll(() => other.getByRole("article", { name: "Rita Mar" }).count(), { timeout: 5000 })
      .toBe(1);

    await main.getByRole("button", { name: "Añadir una dirección" }).click();
    await main.getByLabel("País").selectOption("PT");
    await fillAddress(page, {
      Nombre: "Maria",
      Apellidos: "Silva",
      "Calle y número": "Rua Augusta 100",
      "Código postal": "1100053",
      Localidad: "Lisboa",
      "Teléfono de contacto": "212 345 678",
    });
    await main.getByLabel("Distrito o región autónoma").selectOption({ label: "Lisboa" });
    await main.getByRole("checkbox", { name: "Usar como mi dirección predeterminada" }).check();
    await main.getByRole("button", { name: "Guardar la dirección" }).click();
    const lisbon = main.getByRole("article", { name: "Maria Silva" });
    await expect.poll(() => lisbon.textContent()).toContain("1100-053 Lisboa (Lisboa)");
    expect(await lisbon.textContent()).toContain("Predeterminada");
    expect(await main.getByRole("article").first().getAttribute("aria-label")).toBe("Maria Silva");

    await madrid.getByRole("button", { name: "Editar" }).click();
    await main.getByLabel("Piso, puerta, escalera (opcional)").fill("3º B");
    await main.getByRole("button", { name: "Guardar la dirección" }).click();
    await expect.poll(() => madrid.textContent()).toContain("Calle Mayor 5, 3º B");

    await madrid.getByRole("button", { name: "Usar como predeterminada" }).click();
    await expect.poll(() => main.getByRole("article").first().getAttribute("aria-label")).toBe("Rita Mar");

    await lisbon.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect.poll(() => main.getByRole("article").count()).toBe(1);
    await expect.poll(() => other.getByRole("article").count(), { timeout: 5000 }).toBe(1);

    // Reloading shows what the server kept.
    await page.reload();
    expect(await main.getByRole("article", { name: "Rita Mar" }).textContent()).toContain("3º B");
    expect(session.errors).toEqual([]);
  });

  it("sends a signed-out visitor from /direccion to the home page", async () => {
    const page = await session.newPage();
    await page.goto("/direccion");
    await page.waitForURL((url) => url.pathname === "/");
  });
});
