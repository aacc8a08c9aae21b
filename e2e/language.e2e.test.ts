import { describe, expect, it } from "vitest";
import { setUpBrowser } from "./support/browser.ts";

const session = setUpBrowser();

describe("language", () => {
  it("switches every text and <html lang> to Portuguese, and remembers it", async () => {
    const page = await session.newPage();
    await page.goto("/detalle/1");
    const spanishTitle = await page.locator("h1").textContent();
    await page.getByRole("button", { name: "PT", exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("pt-PT");
    await expect
      .poll(() => page.getByRole("button", { name: "Adicionar ao carrinho" }).isVisible())
      .toBe(true);
    await expect.poll(() => page.locator("h1").textContent()).not.toBe(spanishTitle);
    expect(await page.getByRole("contentinfo").textContent()).toContain("Apoio ao cliente");

    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-PT");
    expect(await page.getByRole("button", { name: "PT", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    await page.getByRole("button", { name: "ES", exact: true }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe(spanishTitle);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("es-ES");
  });

  it("serves Portuguese to a ?lang=pt link", async () => {
    const page = await session.newPage();
    await page.goto("/?lang=pt");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-PT");
    expect(await page.locator("h2").first().textContent()).toBe("Categorias");
  });

  it("loads the shopper's texts only with the pages that use them, in the language shown", async () => {
    const page = await session.newPage();
    const texts: string[] = [];
    page.on("request", (request) => {
      const file = /\/assets\/((?:es|pt)(?:\.shopper)?)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
      if (file?.[1]) texts.push(file[1]);
    });
    await page.goto("/detalle/1");
    expect(texts).toEqual(["es"]);
    // Marks this document: the sign-in page must come without a reload.
    await page.evaluate(() => {
      document.documentElement.dataset.sameDocument = "yes";
    });
    await page.getByRole("link", { name: "Mi cuenta" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Iniciar sesión");
    expect(await page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe("yes");
    expect(texts).toEqual(["es", "es.shopper"]);

    await page.getByRole("button", { name: "PT", exact: true }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Iniciar sessão");
    expect(texts.toSorted()).toEqual(["es", "es.shopper", "pt", "pt.shopper"]);
  });
});
