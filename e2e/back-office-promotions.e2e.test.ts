import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { madridAddress } from "#server/testing/order-fixtures.ts";
import { severeViolations } from "./support/axe.ts";
import { type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { ownerOf } from "./support/own-shop-order.ts";
import { mailedAddressCode, SHOPPER_PASSWORD } from "./support/register.ts";

const session = setUpBrowser();

// The command line and a fresh database take their time on a busy two-core machine.
const SLOW = 240_000;

describe("the back office's promotions (issue 32)", () => {
  const owner = `duena-promos-${Date.now()}@example.com`;
  const buyer = { name: "Noa", lastName: "Vidal Ruiz", email: `noa-${Date.now()}@example.com` };
  let own: ShopWithOwner | undefined;
  beforeAll(async () => {
    own = await startShopWithOwner("promociones", owner);
  }, SLOW);
  afterAll(async () => {
    await own?.shop.stop();
  });
  const at = (path: string) => own?.at(path) ?? path;

  /** A proven shopper with an address and a toy (12,95 €) in the cart, signed in in `page`. */
  async function shopperReady(page: Page) {
    const headers = { origin: own?.shop.baseUrl ?? "" };
    const post = async (path: string, data: unknown, status: number) => {
      const answer = await page.request.post(at(path), { data, headers });
      expect(answer.status(), await answer.text()).toBe(status);
    };
    await post("/api/auth/sign-up/email", { ...buyer, password: SHOPPER_PASSWORD }, 200);
    const code = await mailedAddressCode(buyer.email, own?.outbox());
    await post("/api/auth/sign-up/prove-address", { code }, 200);
    await post("/api/addresses", madridAddress, 201);
    await post("/api/cart/47", { cantidad: 1 }, 200);
  }

  /** The owner makes a coupon on the form: 15 % off toys, once per shopper. */
  async function createCoupon(page: Page) {
    const main = page.getByRole("main");
    await page.goto(at("/gestion"));
    await page
      .getByRole("navigation", { name: "Secciones" })
      .getByRole("link", { name: "Promociones" })
      .click();
    await main.getByRole("heading", { name: "Promociones", level: 1 }).waitFor();
    await main.getByRole("link", { name: "Nueva promoción" }).click();
    await main.getByRole("heading", { name: "Nueva promoción" }).waitFor();
    await main.getByLabel("Código").fill("primavera15");
    await main.getByLabel("Porcentaje (1 a 100)").fill("150");
    await main.getByRole("button", { name: "Crear la promoción" }).click();
    // The mistake is named beside its field, and the field says it is wrong.
    await main.getByText("Escribe un porcentaje entero del 1 al 100.").waitFor();
    expect(await main.getByLabel("Porcentaje (1 a 100)").getAttribute("aria-invalid")).toBe("true");
    await main.getByLabel("Porcentaje (1 a 100)").fill("15");
    await main.getByLabel("Usos por cliente (vacío: sin límite)").fill("1");
    await main.getByRole("checkbox", { name: "Juguetes" }).check();
    await main.getByRole("button", { name: "Crear la promoción" }).click();
    await page.waitForURL(at("/gestion/promociones/PRIMAVERA15"));
    await main.getByRole("heading", { name: "PRIMAVERA15", level: 1 }).waitFor();
    await expect.poll(() => main.getByText("15 % en Juguetes").first().isVisible()).toBe(true);
    expect(await severeViolations(page)).toEqual([]);
  }

  /** The shopper's checkout, to the coupon step, where the code is typed as a shopper would. */
  async function buyWithCoupon(page: Page) {
    const main = page.locator("main");
    await page.goto(at("/checkout"));
    await expect
      .poll(() =>
        main
          .getByRole("radio", { name: /Calle de Alcalá 12/ })
          .first()
          .isChecked(),
      )
      .toBe(true);
    await main.getByRole("button", { name: "Continuar" }).click();
    await main.getByRole("button", { name: "Continuar" }).click();
    await main.getByRole("button", { name: "Continuar" }).click();
    await main.getByLabel("Código del cupón").fill("primavera15");
    await main.getByRole("button", { name: "Aplicar" }).click();
    await expect.poll(() => main.getByText("Cupón PRIMAVERA15 aplicado.").isVisible()).toBe(true);
    const summary = main.getByRole("complementary", { name: "Resumen del pedido" });
    // 15 % of 12,95 €.
    await expect.poll(() => summary.textContent()).toMatch(/Descuento−1,94\s€/);
    await main.getByRole("button", { name: "Continuar", exact: true }).click();
    await main.getByRole("button", { name: "Confirmar y pagar" }).click();
    await page.waitForURL(/\/checkout\/fin\?pedido=/);
  }

  it(
    "creates a coupon in the back office, a shopper uses it at checkout, and its use shows",
    async () => {
      if (!own) throw new Error("the shop did not start");
      const { page } = await ownerOf(() => session.newPage(), own);
      await createCoupon(page);

      const shopper = await session.newPage();
      await shopperReady(shopper);
      await buyWithCoupon(shopper);

      await page.goto(at("/gestion/promociones"));
      const row = page.getByRole("main").getByRole("row", { name: /PRIMAVERA15/ });
      await expect.poll(() => row.textContent()).toMatch(/Activa/);
      expect(await row.getByRole("cell").last().textContent()).toBe("1");

      // The coupon's page lists the order that used it, with what it took off.
      await page.goto(at("/gestion/promociones/PRIMAVERA15"));
      const uses = page.getByRole("main").getByRole("region", { name: "Pedidos con este código" });
      await expect.poll(() => uses.textContent()).toMatch(/1 pedido lo ha usado/);
      const used = uses.getByRole("table").getByRole("row").nth(1);
      expect(await used.textContent()).toMatch(/1,94\s€/);
      expect(await severeViolations(page)).toEqual([]);
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );
});
