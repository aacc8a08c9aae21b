import type { Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalog } from "#catalog/builtin-catalog.ts";
import { formatPrice, typedEurosFromCents } from "#shared/money.ts";
import { severeViolations } from "./support/axe.ts";
import { type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { ownerOf } from "./support/own-shop-order.ts";

const session = setUpBrowser();

// The command line and a fresh database take their time on a busy two-core machine.
const SLOW = 240_000;

const catalog = builtinCatalog();
/** A product of the built-in catalogue, with a code no other product has. */
function product(id: number) {
  const found = catalog.getProduct(id);
  if (!found) throw new Error(`the built-in catalogue has product ${id}`);
  return found;
}
const EDITED = product(61);
const HIDDEN = product(88);
const RACED = product(25);

describe("the back office's catalogue (issue 32)", () => {
  const owner = `duena-catalogo-${Date.now()}@example.com`;
  let own: ShopWithOwner | undefined;
  let staffCookies: Cookie[] = [];
  beforeAll(async () => {
    own = await startShopWithOwner("catalogo", owner);
    const { page } = await ownerOf(() => session.newPage(), own);
    staffCookies = await page.context().cookies();
  }, SLOW);
  afterAll(async () => {
    await own?.shop.stop();
  });
  const at = (path: string) => own?.at(path) ?? path;

  /** A tab of the signed-in owner (a browser context of its own, with their session). */
  async function staffTab(): Promise<Page> {
    const page = await session.newPage();
    await page.context().addCookies(staffCookies);
    return page;
  }

  /** The price and the name a visitor's product page shows now. */
  async function shown(page: Page) {
    const main = page.locator("main");
    return {
      name: await main.getByRole("heading", { level: 1 }).textContent(),
      text: await main.textContent(),
    };
  }

  /** The page fits a 390 px phone without sideways scrolling; a picture of it for the record. */
  async function onAPhone(page: Page, picture: string) {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: picture, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it(
    "finds a product, changes its price and its Spanish name, and the shop shows them, on a page already open too",
    async () => {
      const newName = `${EDITED.texto} edición especial`;
      const newPrice = 4731;

      // A shopper has the product's page open in another browser before the change, the product
      // in their cart (a guest's: their browser holds the live stream; decision 053).
      const open = await session.newPage();
      await open.goto(at(`/detalle/${EDITED.id}`));
      expect((await shown(open)).text).toContain(formatPrice(EDITED.priceCents, "es"));
      await open.getByRole("button", { name: "Añadir al carrito" }).click();
      await open.getByRole("dialog", { name: "¿Cómo quieres comprar?" }).waitFor();
      await open.getByRole("button", { name: "Comprar como invitado" }).click();
      await expect.poll(() => open.getByTestId("cart-badge").textContent(), { timeout: 10_000 }).toBe("1");

      const page = await staffTab();
      const main = page.getByRole("main");
      await page.goto(at("/gestion"));
      await page
        .getByRole("navigation", { name: "Secciones" })
        .getByRole("link", { name: "Catálogo" })
        .click();
      await main.getByRole("heading", { name: "Catálogo", level: 1 }).waitFor();
      expect(await severeViolations(page)).toEqual([]);

      await main.getByLabel("Buscar").fill(EDITED.codigo);
      await main.getByLabel("Buscar").press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === EDITED.codigo);
      const row = main.getByRole("row", { name: new RegExp(EDITED.texto) });
      await expect.poll(() => row.textContent()).toContain(formatPrice(EDITED.priceCents, "es"));
      await onAPhone(page, "/tmp/back-office-catalog-390.png");
      await row.getByRole("link", { name: EDITED.texto }).click();
      await main.getByRole("heading", { name: EDITED.texto, level: 1 }).waitFor();
      expect(await main.getByLabel("Precio en euros").inputValue()).toBe(
        typedEurosFromCents(EDITED.priceCents),
      );

      // A price that is no price is named beside its field, and nothing is sent.
      await main.getByLabel("Precio en euros").fill("47,3x");
      await main.getByRole("button", { name: "Guardar los cambios" }).click();
      await main.getByText("Escribe el precio en euros, por ejemplo 12,95").waitFor();
      expect(await main.getByLabel("Precio en euros").getAttribute("aria-invalid")).toBe("true");

      await main.getByLabel("Precio en euros").fill("47,31");
      await main.getByRole("group", { name: "Español" }).getByLabel("Nombre").fill(newName);
      await main.getByRole("button", { name: "Guardar los cambios" }).click();
      await expect.poll(() => main.getByRole("status").filter({ hasText: "Guardado" }).count()).toBe(1);
      await main.getByRole("heading", { name: newName, level: 1 }).waitFor();
      expect(await severeViolations(page)).toEqual([]);

      // A page drawn afresh shows the change: the page cache let its kept copy go.
      const visitor = await session.newPage();
      await expect
        .poll(async () => {
          await visitor.goto(at(`/detalle/${EDITED.id}`));
          return shown(visitor);
        })
        .toEqual({ name: newName, text: expect.stringContaining(formatPrice(newPrice, "es")) });

      // The page that was already open follows within a moment, without a reload: the live
      // stream's `catalog` event.
      await expect
        .poll(async () => (await shown(open)).text, { timeout: 2_000 })
        .toContain(formatPrice(newPrice, "es"));
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  it(
    "hides a product, so that its page answers 404 to a visitor, and publishes it again",
    async () => {
      const visitor = await session.newPage();
      const status = async () => (await visitor.request.get(at(`/detalle/${HIDDEN.id}`))).status();
      expect(await status()).toBe(200);

      const page = await staffTab();
      const main = page.getByRole("main");
      await page.goto(at(`/gestion/catalogo/${HIDDEN.id}`));
      await main.getByRole("heading", { name: HIDDEN.texto, level: 1 }).waitFor();

      // Asked first, with what it does; Cancelar has the focus, so a second Enter changes nothing.
      await main.getByRole("button", { name: "Ocultar…" }).click();
      const question = main.getByRole("group", { name: /¿Ocultar este producto\?/ });
      await expect
        .poll(() => question.textContent())
        .toContain("Su página dejará de mostrarse en la tienda; los pedidos lo conservan");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancelar");
      await question.getByRole("button", { name: "Sí, ocultar" }).click();
      await expect.poll(() => main.getByRole("status").filter({ hasText: "Oculto:" }).count()).toBe(1);
      await main.getByText("Oculto", { exact: true }).first().waitFor();
      await expect.poll(status).toBe(404);

      // The list of hidden products has it, marked.
      await page.goto(at("/gestion/catalogo?state=hidden"));
      const row = main.getByRole("row", { name: new RegExp(HIDDEN.texto) });
      await expect.poll(() => row.textContent()).toContain("Oculto");
      expect(await main.getByLabel("Estado").inputValue()).toBe("hidden");
      await row.getByRole("link", { name: HIDDEN.texto }).click();
      await main.getByRole("heading", { name: HIDDEN.texto, level: 1 }).waitFor();

      await main.getByRole("button", { name: "Publicar" }).click();
      await expect.poll(() => main.getByRole("status").filter({ hasText: "Publicado:" }).count()).toBe(1);
      await expect.poll(status).toBe(200);
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  it(
    "refuses the second of two tabs' saves of one product, and loads its current state to do it again",
    async () => {
      const first = await staffTab();
      const second = await staffTab();
      for (const tab of [first, second]) {
        await tab.goto(at(`/gestion/catalogo/${RACED.id}`));
        await tab.getByRole("main").getByRole("heading", { name: RACED.texto, level: 1 }).waitFor();
      }

      const one = first.getByRole("main");
      await one.getByLabel("Precio en euros").fill("3,10");
      await one.getByRole("button", { name: "Guardar los cambios" }).click();
      await expect.poll(() => one.getByRole("status").filter({ hasText: "Guardado" }).count()).toBe(1);

      const two = second.getByRole("main");
      const spanishName = two.getByRole("group", { name: "Español" }).getByLabel("Nombre");
      await spanishName.fill(`${RACED.texto} XL`);
      await two.getByRole("button", { name: "Guardar los cambios" }).click();
      const alert = two.getByRole("alert").filter({ hasText: "Otra persona ha cambiado este producto" });
      await alert.waitFor();
      // Nothing of the second tab's was saved: the product is as the first tab left it.
      expect(await spanishName.inputValue()).toBe(`${RACED.texto} XL`);
      await alert.getByRole("button", { name: "Cargar su estado actual" }).click();
      await expect.poll(() => two.getByLabel("Precio en euros").inputValue()).toBe("3,10");
      expect(await spanishName.inputValue()).toBe(RACED.texto);

      // Done again on the current state, it is saved, and neither change is lost.
      await spanishName.fill(`${RACED.texto} XL`);
      await two.getByRole("button", { name: "Guardar los cambios" }).click();
      await expect.poll(() => two.getByRole("status").filter({ hasText: "Guardado" }).count()).toBe(1);
      const visitor = await session.newPage();
      await expect
        .poll(async () => {
          await visitor.goto(at(`/detalle/${RACED.id}`));
          return shown(visitor);
        })
        .toEqual({ name: `${RACED.texto} XL`, text: expect.stringContaining(formatPrice(310, "es")) });
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  it(
    "draws a product's page whole on a 390 px phone, with nothing wider than the screen",
    async () => {
      const page = await staffTab();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(at(`/gestion/catalogo/${EDITED.id}`));
      await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
      expect(await severeViolations(page)).toEqual([]);
      await onAPhone(page, "/tmp/back-office-catalog-product-390.png");
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );
});
