import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";

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
