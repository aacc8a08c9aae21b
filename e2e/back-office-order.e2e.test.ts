import type { APIRequestContext, Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  intentIdOf,
  madridAddress,
  orderRequest,
  testConfirmRequest,
} from "#server/testing/order-fixtures.ts";
import { severeViolations } from "./support/axe.ts";
import { enrolOwner, type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { mailedAddressCode } from "./support/register.ts";
import type { RunningShop } from "./support/start-shop.ts";

const session = setUpBrowser();
// A fresh database and the command line take their time on a busy machine.
const SLOW = 240_000;
const trackingUrl = (number: string) => `https://seguimiento.envios-veloz.example/envio/${number}`;

let owned: ShopWithOwner;
let shop: RunningShop;
const at = (path: string) => owned.at(path);
const outbox = () => owned.outbox();

beforeAll(async () => {
  owned = await startShopWithOwner("pedido", "jefa.pedido@example.com");
  shop = owned.shop;
  ownerCookies = await signInOwner(await session.newPage());
}, SLOW);
afterAll(async () => {
  await shop?.stop();
});

/** The owner, signed in with the second factor enrolled: their cookies. */
const signInOwner = (page: Page): Promise<Cookie[]> =>
  enrolOwner(page, owned, { name: "Jefa de Pedidos", password: "faro azul y gatos robot" });

let ownerCookies: Cookie[] = [];
async function ownerPage(options: Parameters<typeof session.newPage>[0] = {}): Promise<Page> {
  const page = await session.newPage(options);
  await page.context().addCookies(ownerCookies);
  return page;
}

type Buyer = { name: string; lastName: string; email: string };
const itemsSchema = z.object({ items: z.array(z.object({ id: z.string() })) });
const totalsSchema = z.object({ totals: z.object({ totalCents: z.number() }) });
const placedSchema = z.object({ id: z.string() });
const secretSchema = z.object({ clientSecret: z.string() });
const numberSchema = z.object({ number: z.string().nullable() });

/** A signed-up shopper in `request`'s jar (the page's), with a delivery address: its id. */
async function signUpBuyer(request: APIRequestContext, buyer: Buyer): Promise<string> {
  const headers = { origin: shop.baseUrl };
  const signedUp = await request.post(at("/api/auth/sign-up/email"), {
    data: { ...buyer, password: "Gato-Robot-Azul-2026" },
    headers,
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const code = await mailedAddressCode(buyer.email, outbox());
  expect(
    (await request.post(at("/api/auth/sign-up/prove-address"), { data: { code }, headers })).status(),
  ).toBe(200);
  const saved = await request.post(at("/api/addresses"), {
    data: { ...madridAddress, phone: "699 123 456" },
    headers,
  });
  return itemsSchema.parse(await saved.json()).items[0]?.id ?? "";
}

/** Two units of one product and one of another, ordered and paid with the test card. */
async function buy(request: APIRequestContext, addressId: string, buyer: Buyer) {
  const headers = { origin: shop.baseUrl };
  for (const [product, cantidad] of [
    [3, 2],
    [4, 1],
  ] as const) {
    const added = await request.post(at(`/api/cart/${product}`), { data: { cantidad }, headers });
    expect(added.status()).toBe(200);
  }
  const quoted = await request.post(at("/api/orders/quote"), {
    data: { addressId, shippingMethod: "standard" },
    headers,
  });
  const { totals } = totalsSchema.parse(await quoted.json());
  const invoice = { name: buyer.name, lastName: buyer.lastName, company: "", taxId: "" };
  const placed = await request.post(at("/api/orders"), {
    data: orderRequest(addressId, totals.totalCents, { invoice }),
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id } = placedSchema.parse(await placed.json());
  const payment = await request.get(at(`/api/orders/${id}/payment`), { headers });
  const { clientSecret } = secretSchema.parse(await payment.json());
  const confirmed = await request.post(at(`/api/payments/test/intents/${intentIdOf(clientSecret)}/confirm`), {
    data: testConfirmRequest(clientSecret, shop.baseUrl, id),
    headers,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { number } = numberSchema.parse(
    await (await request.get(at(`/api/orders/${id}`), { headers })).json(),
  );
  if (number === null) throw new Error(`order ${id} not paid`);
  return { id, number };
}

/** Presses Tab until the focused element matches `selector` (at most 120 times): keyboard only. */
async function tabTo(page: Page, selector: string) {
  for (let presses = 0; presses < 120; presses++) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) === true, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

const buyer: Buyer = { name: "Marta", lastName: "Gil Soto", email: "marta.gil@example.com" };

describe("an order's page in the back office (issue 30)", () => {
  let buyerPage: Page;
  let order = { id: "", number: "" };
  beforeAll(async () => {
    buyerPage = await session.newPage();
    const addressId = await signUpBuyer(buyerPage.request, buyer);
    order = await buy(buyerPage.request, addressId, buyer);
  }, SLOW);

  it(
    "prints the packing slip, ships with a tracking number the shopper sees, refunds a line, accepts a return",
    async () => {
      const page = await ownerPage();
      const opened = await page.goto(at(`/gestion/pedidos/${order.number}`));
      expect(opened?.status()).toBe(200);
      const main = page.getByRole("main");
      expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe(
        `Pedido ${order.number} Pagado`,
      );
      expect(await page.title()).toBe(`Pedido ${order.number} · Gestión`);
      const lines = main.getByRole("region", { name: "Productos" }).getByRole("listitem");
      expect(await lines.count()).toBe(2);
      expect(await main.getByRole("region", { name: "Entrega" }).textContent()).toContain("699 123 456");
      expect(await main.getByRole("region", { name: "Cliente" }).textContent()).toContain(buyer.email);
      expect(await main.getByRole("region", { name: "Pago" }).textContent()).toContain("Cobrado");
      expect(await severeViolations(page)).toEqual([]);

      // The packing slip opens as a PDF with the staff session.
      const slipLink = main.getByRole("link", { name: "Albarán para preparar el paquete (PDF)" });
      const slip = await page.request.get(at((await slipLink.getAttribute("href")) ?? ""));
      expect(slip.status()).toBe(200);
      expect(slip.headers()["content-type"]).toBe("application/pdf");
      expect((await slip.body()).subarray(0, 5).toString()).toBe("%PDF-");

      // The shopper has the order open while it ships.
      await buyerPage.goto(at(`/detalle/compra/${order.id}`));
      const shopperMain = buyerPage.locator("main");
      await shopperMain
        .getByRole("link", { name: /Descargar la factura/ })
        .first()
        .waitFor();

      // Packing starts: the buyer's order says so.
      await main.getByRole("button", { name: "Pasar a preparación" }).click();
      await expect.poll(() => main.getByRole("status").textContent()).toContain("en preparación");
      // The status is said as the answer comes; the page's order follows on the next tick.
      await expect
        .poll(() => main.getByRole("heading", { level: 1 }).textContent())
        .toBe(`Pedido ${order.number} Preparando`);
      await expect.poll(() => main.getByRole("button", { name: "Pasar a preparación" }).count()).toBe(0);

      const ship = main.getByRole("form", { name: "Enviar" });
      await ship.getByLabel("Transportista").selectOption("envios-veloz");
      await ship.getByLabel("Número de seguimiento").fill("e2e-pedido-1");
      await ship.getByRole("button", { name: "Marcar como enviado" }).click();
      await expect
        .poll(() => main.getByRole("status").textContent())
        .toContain("enviado con el número E2E-PEDIDO-1");
      // The status is said as the answer comes; the page's order follows on the next tick.
      await expect
        .poll(() => main.getByRole("heading", { level: 1 }).textContent())
        .toBe(`Pedido ${order.number} Enviado`);
      await expect.poll(() => main.getByRole("form", { name: "Enviar" }).count()).toBe(0);

      const follow = shopperMain.getByRole("link", { name: "Seguir mi envío" });
      await expect.poll(() => follow.count()).toBe(1);
      expect(await follow.getAttribute("href")).toBe(trackingUrl("E2E-PEDIDO-1"));
      // The shipping mail, not the one that told of the packing (the same subject): the one with
      // the tracking link.
      const mail = await waitForMail(
        buyer.email,
        new RegExp(`Subject: Novedades de tu pedido ${order.number}[\\s\\S]*/envio/E2E-PEDIDO-1`),
        outbox(),
      );
      expect(mail).toContain(trackingUrl("E2E-PEDIDO-1"));

      // One line given back: the amount shows before the button that does it.
      const refund = main.getByRole("form", { name: "Reembolsar una parte" });
      await refund.locator("#refund-units-1").fill("1");
      const refundButton = refund.getByRole("button", { name: /^Reembolsar \d+,\d\d\s€$/ });
      const amount = /(\d+,\d\d\u00a0€)/.exec((await refundButton.textContent()) ?? "")?.[1] ?? "";
      expect(await refund.textContent()).toContain(`Importe a devolver: ${amount}`);
      await refundButton.click();
      await expect
        .poll(() => main.getByRole("status").textContent())
        .toContain(`Reembolso de ${amount} hecho`);
      expect(await main.getByRole("region", { name: "Documentos" }).textContent()).toContain(
        "Factura de abono",
      );
      await waitForMail(buyer.email, /Subject: Te devolvemos parte de tu pedido/, outbox());

      await main.getByRole("button", { name: "Marcar como entregado" }).click();
      await expect
        .poll(() => main.getByRole("heading", { level: 1 }).textContent())
        .toBe(`Pedido ${order.number} Entregado`);
      const accept = main.getByRole("form", { name: "Aceptar una devolución" });
      await accept.locator("#return-units-0").fill("1");
      await accept.getByLabel(/vuelven a la venta/).uncheck();
      await accept.getByRole("button", { name: /^Aceptar la devolución y reembolsar/ }).click();
      await expect.poll(() => main.getByRole("status").textContent()).toContain("Devolución aceptada");
      // The status is said as the answer comes; the page's order follows on the next tick.
      await expect
        .poll(() => main.getByRole("heading", { level: 1 }).textContent())
        .toBe(`Pedido ${order.number} Devuelto`);
      const history = (await main.getByRole("region", { name: "Historial" }).textContent()) ?? "";
      for (const done of [
        "Envió el pedido",
        "Reembolsó una parte",
        "Lo marcó como entregado",
        "Aceptó la devolución",
      ]) {
        expect(history).toContain(done);
      }
      expect(history).toContain("jefa.pedido@example.com");
      expect(await severeViolations(page)).toEqual([]);
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  it("answers 404 for an order that does not exist", async () => {
    const page = await ownerPage();
    const answer = await page.goto(at("/gestion/pedidos/2026-999999"));
    expect(answer?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "No hay ningún pedido 2026-999999",
    );
    expect(await severeViolations(page)).toEqual([]);
  });

  it(
    "ships, refunds and notes with the keyboard alone, and says so when someone else got there first",
    async () => {
      const second = await buy(buyerPage.request, await signUpBuyerAgain(), buyer);
      const page = await ownerPage();
      await page.goto(at(`/gestion/pedidos/${second.number}`));
      const main = page.getByRole("main");
      await tabTo(page, "#ship-carrier");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Tab");
      await page.keyboard.type("TECLADO-1");
      await page.keyboard.press("Enter");
      await expect.poll(() => main.getByRole("status").textContent()).toContain("TECLADO-1");
      expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("TECLADO-1");

      await tabTo(page, "#refund-units-1");
      await page.keyboard.type("1");
      await tabTo(page, "form[aria-labelledby=refund-title] button[type=submit]");
      await page.keyboard.press("Enter");
      await expect.poll(() => main.getByRole("status").textContent()).toContain("Reembolso de");

      await tabTo(page, "textarea");
      await page.keyboard.type("Pidió que llamemos antes");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Space");
      await expect.poll(() => main.getByRole("status").textContent()).toContain("Nota guardada");
      expect(await main.getByRole("region", { name: "Historial" }).textContent()).toContain(
        "Pidió que llamemos antes",
      );

      // Someone else marks it delivered meanwhile: this page's button meets a 409 and shows it fresh.
      const other = await ownerPage();
      const delivered = await other.request.post(at(`/api/gestion/orders/${second.number}/deliver`), {
        data: {},
        headers: { origin: shop.baseUrl },
      });
      expect(delivered.status()).toBe(200);
      await tabTo(page, "form[aria-labelledby=deliver-title] button");
      await page.keyboard.press("Enter");
      await expect
        .poll(() => main.getByRole("alert").textContent())
        .toContain("Otra persona ha cambiado este pedido");
      await expect
        .poll(() => main.getByRole("heading", { level: 1 }).textContent())
        .toBe(`Pedido ${second.number} Entregado`);
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  /** The same shopper's address again (a second order of theirs). */
  async function signUpBuyerAgain(): Promise<string> {
    const listed = await buyerPage.request.get(at("/api/addresses"), { headers: { origin: shop.baseUrl } });
    return itemsSchema.parse(await listed.json()).items[0]?.id ?? "";
  }

  it("fits a 390 px phone, with every action a paid order offers", async () => {
    const fresh = await buy(buyerPage.request, await signUpBuyerAgain(), buyer);
    const page = await ownerPage({ mobile: true });
    await page.goto(at(`/gestion/pedidos/${fresh.number}`));
    await page.getByRole("main").getByRole("form", { name: "Enviar" }).waitFor();
    await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "/tmp/back-office-order-390.png", fullPage: true });
    expect(await severeViolations(page)).toEqual([]);
  });
});
