import { describe, expect, it } from "vitest";
import { baseUrl, setUpBrowser } from "./support/browser.ts";

const session = setUpBrowser();

describe("search", () => {
  it("runs on Enter with the text trimmed, ignoring accents", async () => {
    const page = await session.newPage();
    await page.goto("/");
    const box = page.locator("#header-search-input");
    await box.fill("  pelúche  ");
    await box.press("Enter");
    await page.waitForURL(/\/producto\/pel%C3%BAche$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Resultados para «pelúche»");
    expect(await page.locator("article").count()).toBeGreaterThan(0);
    expect(await page.locator("article h3").first().textContent()).toMatch(/peluche/i);
  });

  it("runs on the magnifier and tolerates a typo", async () => {
    const page = await session.newPage();
    await page.goto("/");
    await page.locator("#header-search-input").fill("mochla");
    await page.getByRole("button", { name: "Buscar", exact: true }).first().click();
    await page.waitForURL("**/producto/mochla");
    await expect.poll(() => page.locator("article h3").first().textContent()).toMatch(/mochila/i);
  });

  it("finds a product by its code", async () => {
    const page = await session.newPage();
    await page.goto("/producto/A0012");
    expect(await page.locator("article").count()).toBe(1);
  });

  it("does nothing for blank text", async () => {
    const page = await session.newPage();
    await page.goto("/footer/envios");
    await page.locator("#header-search-input").fill("    ");
    await page.locator("#header-search-input").press("Enter");
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${baseUrl()}/footer/envios`);
  });

  it("says so when nothing matches", async () => {
    const page = await session.newPage();
    await page.goto("/producto/zzqxw");
    await expect.poll(() => page.getByText("No hemos encontrado productos").isVisible()).toBe(true);
  });
});
