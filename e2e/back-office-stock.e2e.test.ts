import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalog } from "#catalog/builtin-catalog.ts";
import { totpCode } from "#server/testing/totp-code.ts";
import { severeViolations } from "./support/axe.ts";
import { type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";

const session = setUpBrowser();

// The command line and a fresh database take their time on a busy two-core machine.
const SLOW = 240_000;

/** The code an authenticator shows now for the secret of the enrolment page ("ABCD EFGH …"). */
const codeFor = (shownSecret: string) =>
  totpCode(`otpauth://totp/gestion?secret=${shownSecret.replace(/\s/g, "")}`);

const PRODUCT = builtinCatalog().getProduct(3);

describe("the back office's stock (issue 32)", () => {
  const owner = `duena-stock-${Date.now()}@example.com`;
  let own: ShopWithOwner | undefined;
  beforeAll(async () => {
    own = await startShopWithOwner("stock", owner);
  }, SLOW);
  afterAll(async () => {
    await own?.shop.stop();
  });
  const at = (path: string) => `${own?.shop.baseUrl}${path}`;

  /** The owner accepts the invitation and enrols the second factor: the landing page next. */
  async function signedInOwner(page: Page) {
    await page.goto(at(own?.ownerPath ?? ""));
    const main = page.getByRole("main");
    await main.getByLabel("Tu nombre").fill("Dueña de la tienda");
    await main.getByLabel("Contraseña").fill("faro azul y gatos robot");
    await main.getByRole("button", { name: "Crear mi cuenta" }).click();
    await main.getByRole("heading", { name: "Activa la verificación en dos pasos" }).waitFor();
    const secret = (await page.locator("#totp-secret").textContent()) ?? "";
    await main.getByLabel("Código de 6 cifras").fill(codeFor(secret));
    await main.getByRole("button", { name: "Confirmar y entrar" }).click();
    await page.waitForURL(at("/gestion"));
  }

  /** The stock state the storefront's product page shows a visitor now (its page drawn afresh). */
  async function storefrontState(visitor: Page, productId: number) {
    await visitor.goto(at(`/detalle/${productId}`));
    return visitor
      .locator("main")
      .getByText(/^(En stock|Últimas unidades|Agotado)$/)
      .first()
      .textContent();
  }

  /** The page fits a 390 px phone without sideways scrolling; a picture of it for the record. */
  async function onAPhone(page: Page, picture: string) {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: picture, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it(
    "counts a product to zero, restocks it, and the storefront's product page says it is available again",
    async () => {
      if (!PRODUCT) throw new Error("the built-in catalogue has product 3");
      const page = await session.newPage();
      await signedInOwner(page);
      const main = page.getByRole("main");
      await page.getByRole("navigation", { name: "Secciones" }).getByRole("link", { name: "Stock" }).click();
      await main.getByRole("heading", { name: "Stock", level: 1 }).waitFor();
      expect(await severeViolations(page)).toEqual([]);

      await main.getByLabel("Buscar").fill(PRODUCT.codigo);
      await main.getByLabel("Buscar").press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === PRODUCT.codigo);
      const link = main.getByRole("link", { name: PRODUCT.texto });
      await link.waitFor();
      await onAPhone(page, "/tmp/back-office-stock-390.png");
      await link.click();
      await main.getByRole("heading", { name: PRODUCT.texto, level: 1 }).waitFor();

      // A count of nothing on the shelf: sold out, in the shop too.
      await main.getByRole("radio", { name: "Recuento" }).check();
      await main.getByLabel("Unidades contadas en el almacén").fill("0");
      await main.getByLabel("Nota (opcional)").fill("Inventario de noviembre");
      await main.getByRole("button", { name: "Guardar ajuste" }).click();
      await expect.poll(() => main.getByRole("status").last().textContent()).toContain("Quedan 0 unidades");
      const visitor = await session.newPage();
      expect(await storefrontState(visitor, PRODUCT.id)).toBe("Agotado");

      // Damage cannot take it below zero: said next to the field, nothing changed.
      await main.getByRole("radio", { name: "Daños" }).check();
      await main.getByLabel("Unidades dañadas que salen").fill("1");
      await main.getByRole("button", { name: "Guardar ajuste" }).click();
      await expect
        .poll(() => main.getByRole("alert").first().textContent())
        .toContain("No hay tantas unidades");
      expect(await main.getByLabel("Unidades dañadas que salen").getAttribute("aria-invalid")).toBe("true");

      await main.getByRole("radio", { name: "Reposición" }).check();
      await main.getByLabel("Unidades que entran").fill("12");
      await main.getByLabel("Nota (opcional)").fill("Albarán 77");
      await main.getByRole("button", { name: "Guardar ajuste" }).click();
      await expect.poll(() => main.getByRole("status").last().textContent()).toContain("Quedan 12 unidades");
      const ledger = main.getByRole("table", { name: /Movimientos de stock/ });
      await expect.poll(() => ledger.locator("tbody tr").first().textContent()).toContain("Reposición");
      expect(await ledger.locator("tbody tr").first().textContent()).toContain("Albarán 77");
      expect(await ledger.locator("tbody tr").count()).toBe(3);
      expect(await severeViolations(page)).toEqual([]);
      await onAPhone(page, "/tmp/back-office-stock-product-390.png");

      // The shop's page drops its kept copy on the change (NOTIFY): available again.
      await expect.poll(() => storefrontState(visitor, PRODUCT.id)).toBe("En stock");
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );
});
