import { describe, expect, it } from "vitest";
import { madridAddress } from "#server/testing/order-fixtures.ts";
import { setUpBrowser } from "./support/browser.ts";
import { registerShopper } from "./support/register.ts";
import { prepareCheckout } from "./support/shopper-api.ts";

const session = setUpBrowser();

describe("small screens", () => {
  it.each(["/", "/categoria/Juguete", "/detalle/1", "/footer/envios"])(
    "%s fits the screen width",
    async (path) => {
      const page = await session.newPage({ mobile: true });
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    },
  );

  it("fits the account pages and the checkout of a shopper with a very long email address", async () => {
    const page = await session.newPage({ mobile: true });
    const email = "maria.de.los.angeles.fernandez-villaverde.2026@correo-de-ejemplo-muy-largo.example";
    await registerShopper(page, { email });
    await prepareCheckout(page, { ...madridAddress, name: "María", lastName: "Fernández" });
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    for (const path of [
      "/login",
      "/datos/personales",
      "/direccion",
      "/wishlist",
      "/cupones",
      "/pedidos",
      "/abono",
    ]) {
      await page.goto(path);
      await page.locator("main h1").waitFor();
      expect({ path, width: await width() }).toEqual({ path, width: 390 });
    }
    // The invoice step names the address the confirmation goes to.
    await page.goto("/checkout");
    await page.locator("main").getByRole("button", { name: "Continuar" }).click();
    await page.locator("main").getByText(email).waitFor();
    expect({ path: "/checkout", width: await width() }).toEqual({ path: "/checkout", width: 390 });
  });

  it("opens the sidebar, expands a category with a turning arrow, and closes on a sub-link", async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir el menú de categorías" }).click();
    const sidebar = page.locator("nav", { has: page.getByRole("button", { name: "Cerrar el menú" }) });
    await expect.poll(() => sidebar.isVisible()).toBe(true);

    const toggle = sidebar.getByRole("button", { name: /subcategorías de Juguetes/ });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const arrow = toggle.locator("svg");
    await expect
      .poll(() => arrow.evaluate((svg) => getComputedStyle(svg).transform))
      .toMatch(/matrix\(-1, [^,]+, [^,]+, -1/);

    await sidebar.getByRole("link", { name: "Peluches" }).click();
    await page.waitForURL("**/categoria/Peluche");
    await expect.poll(() => sidebar.count()).toBe(0);
  });

  it("opens and closes the search overlay, and searches from it", async () => {
    const page = await session.newPage({ mobile: true });
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir el buscador" }).click();
    const overlay = page.getByRole("dialog", { name: "Buscar productos" });
    await expect.poll(() => overlay.isVisible()).toBe(true);
    await overlay.getByRole("button", { name: "Cerrar" }).click();
    await expect.poll(() => overlay.count()).toBe(0);

    await page.getByRole("button", { name: "Abrir el buscador" }).click();
    await page.locator("#search-overlay-input").fill("taza");
    await page.locator("#search-overlay-input").press("Enter");
    await page.waitForURL("**/producto/taza");
    await expect.poll(() => overlay.count()).toBe(0);
  });
});
