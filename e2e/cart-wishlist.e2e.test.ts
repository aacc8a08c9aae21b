import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";
import { registerShopper } from "./support/register.ts";

const session = setUpBrowser();

function registerOnPage(page: Page, email: string) {
  return registerShopper(page, { name: "Chispa", lastName: "Robot", email });
}

describe("wish list and cart", () => {
  it("sends a signed-out shopper to sign in and keeps the product they wanted", async () => {
    const page = await session.newPage();
    await page.goto("/detalle/2");
    await page.getByRole("button", { name: "Añadir a mi lista de deseos" }).click();
    await page.waitForURL("**/login");
    await page.locator("main").getByRole("link", { name: "Crear cuenta" }).click();
    await registerOnPage(page, "chispa@example.com");
    await expect.poll(() => page.getByText("Guardado en tu lista de deseos.").isVisible()).toBe(true);
    await page.goto("/wishlist");
    await expect.poll(() => page.locator("main li").count()).toBe(1);
    await page.getByRole("button", { name: "Mover al carrito" }).click();
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("1");
    await expect.poll(() => page.locator("main li").count()).toBe(0);
  });

  it("adds to the cart from the detail page, shows the badge, edits and empties the cart", async () => {
    const page = await session.newPage();
    await registerOnPage(page, "pipo@example.com");
    await page.goto("/detalle/5");
    await page.getByRole("button", { name: "Añadir una unidad" }).click();
    await page.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("2");
    const heart = page.getByRole("button", { name: "Añadir a mi lista de deseos" });
    await heart.click();
    await expect
      .poll(() =>
        page.getByRole("button", { name: "Quitar de mi lista de deseos" }).getAttribute("aria-pressed"),
      )
      .toBe("true");

    await page.getByRole("link", { name: "Carrito" }).click();
    await page.waitForURL("**/checkout");
    const lines = page.getByRole("list", { name: "Productos del carrito" }).getByRole("listitem");
    await expect.poll(() => lines.count()).toBe(1);
    await page.locator("main").getByRole("button", { name: "Añadir una unidad" }).click();
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("3");
    await page
      .locator("main")
      .getByRole("button", { name: /del carrito$/ })
      .click();
    await expect.poll(() => page.getByText("Tu carrito está vacío.").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("cart-badge").count()).toBe(0);
  });

  it("empties the cart in the page on sign-out", async () => {
    const page = await session.newPage();
    await registerOnPage(page, "tuerca@example.com");
    await page.goto("/detalle/7");
    await page.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe("1");
    await page.goto("/login");
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByTestId("cart-badge").count()).toBe(0);
  });
});
