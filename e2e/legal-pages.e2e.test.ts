import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { brand } from "#shared/brand.ts";
import { severeViolations } from "./support/axe.ts";
import { baseUrl, reachFooter, setUpBrowser } from "./support/browser.ts";

const session = setUpBrowser();

const languages = [
  {
    lang: "es",
    complaintsBook: "Libro de Reclamaciones (Portugal, sitio oficial) (se abre en una pestaña nueva)",
    statement: "Declaración de accesibilidad",
    conformance: "parcialmente conforme",
    authority: "Ley 11/2023",
  },
  {
    lang: "pt",
    complaintsBook: "Livro de Reclamações (Portugal, sítio oficial) (abre num novo separador)",
    statement: "Declaração de acessibilidade",
    conformance: "parcialmente conforme",
    authority: "Decreto-Lei n.º 82/2022",
  },
] as const;

async function footerOf(page: Page, lang: string) {
  await page.goto(`/?lang=${lang}`);
  await reachFooter(page);
  return page.getByRole("contentinfo");
}

describe("the footer's legal column (issue 33)", () => {
  it.each(languages)(
    "links Portugal's official complaints book in a new tab ($lang)",
    async ({ lang, complaintsBook }) => {
      const page = await session.newPage();
      const link = (await footerOf(page, lang)).getByRole("link", { name: complaintsBook, exact: true });
      expect(await link.getAttribute("href")).toBe("https://www.livroreclamacoes.pt/");
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      // Reached with the keyboard, as every link of the footer.
      await link.focus();
      expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe(
        "https://www.livroreclamacoes.pt/",
      );
    },
  );

  it.each(languages)(
    "opens the accessibility statement, drawn by the server, with no serious axe violations ($lang)",
    async ({ lang, statement, conformance, authority }) => {
      const page = await session.newPage();
      const footer = await footerOf(page, lang);
      await footer.getByRole("link", { name: statement, exact: true }).click();
      await page.waitForURL("**/footer/declaracion-de-accesibilidad");
      await expect.poll(() => page.locator("main h1").textContent()).toBe(statement);
      const main = (await page.locator("main").textContent()) ?? "";
      expect(main).toContain(conformance);
      expect(main).toContain("(WCAG) 2.1");
      expect(main).toContain(authority);
      expect(main).toContain(brand.contact.email);
      expect(await severeViolations(page)).toEqual([]);
    },
  );

  it("serves the statement in the page's HTML and lists it in the sitemap", async () => {
    const html = await (await fetch(`${baseUrl()}/footer/declaracion-de-accesibilidad?lang=pt`)).text();
    expect(html).toMatch(/<h1[^>]*>Declaração de acessibilidade<\/h1>/);
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expect(sitemap).toContain("/footer/declaracion-de-accesibilidad</loc>");
  });
});
