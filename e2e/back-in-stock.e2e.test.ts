import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalog } from "#catalog/builtin-catalog.ts";
import { totpCode } from "#server/testing/totp-code.ts";
import { severeViolations } from "./support/axe.ts";
import { type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { mailsTo, waitForMail } from "./support/outbox.ts";

const session = setUpBrowser();

// The command line and a fresh database take their time on a busy two-core machine.
const SLOW = 240_000;

const codeFor = (shownSecret: string) =>
  totpCode(`otpauth://totp/gestion?secret=${shownSecret.replace(/\s/g, "")}`);

const PRODUCT = builtinCatalog().getProduct(3);

describe("«Avísame cuando vuelva» (issue 33)", () => {
  const owner = `duena-avisos-${Date.now()}@example.com`;
  const shopper = `vuelve-${Date.now()}@example.com`;
  let own: ShopWithOwner | undefined;
  beforeAll(async () => {
    own = await startShopWithOwner("back-in-stock", owner);
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

  /** An adjustment on the back office's stock page of the product, and its answer. */
  async function adjust(
    page: Page,
    reason: "Recuento" | "Reposición",
    field: string,
    units: string,
    left = units,
  ) {
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: reason }).check();
    await main.getByLabel(field).fill(units);
    await main.getByRole("button", { name: "Guardar ajuste" }).click();
    await expect
      .poll(() => main.getByRole("status").last().textContent())
      .toContain(`Quedan ${left} unidades`);
  }

  it(
    "a shopper asks on the sold-out page, the owner restocks, and the mail arrives once with its links",
    async () => {
      if (!PRODUCT) throw new Error("the built-in catalogue has product 3");
      const office = await session.newPage();
      await signedInOwner(office);
      await office.goto(at(`/gestion/stock/${PRODUCT.id}`));
      await office.getByRole("main").getByRole("heading", { name: PRODUCT.texto, level: 1 }).waitFor();
      await adjust(office, "Recuento", "Unidades contadas en el almacén", "0");

      // The sold-out page offers the form, in Portuguese too; both pass axe.
      const visitor = await session.newPage();
      await visitor.goto(at(`/detalle/${PRODUCT.id}?lang=pt`));
      const pt = visitor.getByRole("region", { name: "Avise-me quando voltar" });
      await pt.waitFor();
      expect(await severeViolations(visitor)).toEqual([]);
      await visitor.goto(at(`/detalle/${PRODUCT.id}?lang=es`));
      const form = visitor.getByRole("region", { name: "Avísame cuando vuelva" });
      await form.waitFor();
      expect(await severeViolations(visitor)).toEqual([]);

      // A missing consent is said next to the form; then the request is taken.
      await form.getByLabel("Correo electrónico").fill(shopper);
      await form.getByRole("button", { name: "Avísame" }).click();
      await expect.poll(() => form.getByRole("status").textContent()).toContain("Marca la casilla");
      await form.getByRole("checkbox").check();
      await form.getByRole("button", { name: "Avísame" }).click();
      await expect.poll(() => form.getByRole("status").textContent()).toContain("Te avisaremos");
      expect(await severeViolations(visitor)).toEqual([]);
      await form.getByRole("button", { name: "Avísame" }).click();
      await expect.poll(() => form.getByRole("status").textContent()).toContain("Ya nos habías pedido");

      // The operator restocks on the back office's stock page: one mail, with both links.
      await adjust(office, "Reposición", "Unidades que entran", "12");
      const mail = await waitForMail(shopper, /vuelve a estar disponible/, own?.outbox());
      expect(mail).toContain(`/detalle/${PRODUCT.id}`);
      expect(mail).toMatch(/\/avisame\/baja\?token=[0-9a-f-]{36}/);
      await adjust(office, "Reposición", "Unidades que entran", "3", "15");
      expect(await mailsTo(shopper, /vuelve a estar disponible/, own?.outbox())).toBe(1);

      // The page is available again: no form any more.
      await expect
        .poll(async () => {
          await visitor.goto(at(`/detalle/${PRODUCT.id}`));
          return visitor.getByRole("region", { name: "Avísame cuando vuelva" }).count();
        })
        .toBe(0);
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );
});
