import { randomUUID } from "node:crypto";
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TEST_PROVIDER_PAGES } from "#server/payments/test-provider.routes.ts";
import { lisbonAddress, madridAddress } from "#server/testing/order-fixtures.ts";
import type { AddressForm } from "#shared/api/address-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { severeViolations } from "./support/axe.ts";
import { baseUrl, setUpBrowser } from "./support/browser.ts";
import { cardNumbersIn } from "./support/card-numbers.ts";
import { waitForMail } from "./support/outbox.ts";
import { registerShopper } from "./support/register.ts";
import { prepareCheckout } from "./support/shopper-api.ts";

/**
 * Paying an order on /checkout/fin (issue 27, decision 034), in Chromium with the back/forward
 * cache on, through the built-in test provider's form: the card never reaches the shop, only a
 * token; 3-D Secure, Bizum and MB WAY are answered on the provider's own page; Multibanco gives a
 * reference the order waits for. (Expiry after 30 minutes and a Multibanco reference paid later are
 * tested at the API level: orders/order-payments.api.test.ts.)
 */

const session = setUpBrowser();

const CARDS = {
  pays: "4242 4242 4242 4242",
  threeDSecure: "4000 0027 6000 3184",
  declined: "4000 0000 0000 0002",
};

/** The built-in provider's own page (3-D Secure, the bank's app), where the browser is sent. */
const PROVIDER_PAGE = new RegExp(`${TEST_PROVIDER_PAGES}/tpi_[0-9a-f]{24}\\?secret=tpi_`);

const main = (page: Page) => page.locator("main");

/**
 * A new shopper with a product in the cart and an address saved, who goes through the checkout's
 * steps and presses «Confirmar y pagar»: the order is placed, awaiting payment, and the browser is
 * on its payment page. Answers the order's id.
 */
async function reachPayment(page: Page, who: string, address: AddressForm = madridAddress): Promise<string> {
  await registerShopper(page, {
    name: address.name,
    lastName: address.lastName,
    email: `${who}-${randomUUID().slice(0, 8)}@example.com`,
  });
  await prepareCheckout(page, address);
  await page.goto("/checkout");
  for (let step = 0; step < 3; step++) {
    await main(page).getByRole("button", { name: "Continuar", exact: true }).click();
  }
  await main(page).getByRole("button", { name: "Continuar sin cupón" }).click();
  await main(page).getByRole("button", { name: "Confirmar y pagar" }).click();
  await page.waitForURL(/\/checkout\/fin\?pedido=/);
  await main(page).getByRole("heading", { name: "Paga tu pedido" }).waitFor();
  const orderId = new URL(page.url()).searchParams.get("pedido") ?? "";
  expect(await orderOf(page, orderId)).toMatchObject({ status: "pendiente-pago", number: null });
  return orderId;
}

async function orderOf(page: Page, orderId: string): Promise<OrderView> {
  const response = await page.request.get(`/api/orders/${orderId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as OrderView;
}

/** Types a test card in the provider's form (the «Tarjeta» method, the first one offered). */
async function typeCard(page: Page, number: string) {
  const form = main(page);
  await form.getByLabel("Titular de la tarjeta").fill("Ana García");
  await form.getByLabel("Número de tarjeta").fill(number);
  await form.getByLabel("Caducidad (MM/AA)").fill("12/30");
  await form.getByLabel("Código de seguridad (CVC)").fill("123");
}

const payButton = (page: Page) => main(page).getByRole("button", { name: /^Pagar \d/ });

/** The thank-you of a paid order, with its number; answers the number. */
async function thanked(page: Page): Promise<string> {
  await main(page).getByRole("heading", { name: "¡Gracias! Tu pedido está hecho" }).waitFor();
  const text = (await main(page).textContent()) ?? "";
  const number = /Número de pedido:\s*(\d{4}-\d{6})/.exec(text)?.[1];
  expect(number, text).toBeDefined();
  return number ?? "";
}

/** The whole page from its top (the sticky header over the middle otherwise), in /tmp to look at. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
}

/** axe's serious and critical findings, once the page has settled. */
async function axe(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  return severeViolations(page);
}

describe("paying an order on /checkout/fin", () => {
  it("pays by card, and no request the browser sends the shop carries the card's number", async () => {
    const page = await session.newPage();
    const toShop: { url: string; body: string }[] = [];
    const shopOrigin = new URL(baseUrl()).origin;
    page.on("request", (request: Request) => {
      if (new URL(request.url()).origin !== shopOrigin) return;
      toShop.push({ url: request.url(), body: request.postDataBuffer()?.toString("utf8") ?? "" });
    });
    const orderId = await reachPayment(page, "card.paid");

    // The test provider's form: the methods offered in Spain, the card first.
    const methods = main(page).getByRole("group", { name: "¿Cómo quieres pagar?" });
    const offered = (radios: Element[]) => radios.map((radio) => radio.getAttribute("value"));
    // The methods come with the order's own read: wait for them before counting.
    await methods.getByRole("radio", { name: /^Bizum/ }).waitFor();
    expect(await methods.getByRole("radio").evaluateAll(offered)).toEqual(["card", "bizum"]);
    expect(await methods.getByRole("radio", { name: /^Tarjeta/ }).isChecked()).toBe(true);
    expect(await methods.getByRole("radio", { name: /^Bizum/ }).isChecked()).toBe(false);
    expect(await main(page).textContent()).toMatch(/Importe a pagar:\s*\d+,\d{2}\s€/);
    expect(await payButton(page).isEnabled()).toBe(true);
    expect(await axe(page), "the payment panel").toEqual([]);
    await screenshot(page, "payment-panel");

    await typeCard(page, CARDS.pays);
    await payButton(page).click();
    const number = await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pagado",
      number,
      payment: { method: "card", cardLast4: "4242" },
    });

    // The browser sent a token and the last four digits; never the number, in no body or address.
    const confirm = toShop.find((request) => request.url.includes("/api/payments/test/intents/"));
    expect(JSON.parse(confirm?.body ?? "{}")).toMatchObject({
      method: "card",
      token: "tok_visa",
      last4: "4242",
    });
    const posted = toShop.filter((request) => request.body !== "");
    expect(posted.length).toBeGreaterThanOrEqual(2);
    expect(posted.flatMap((request) => cardNumbersIn(request.body))).toEqual([]);
    expect(toShop.flatMap((request) => cardNumbersIn(request.url))).toEqual([]);
    expect(session.errors).toEqual([]);
  }, 120_000);

  it("tells a declined card, keeps the order waiting, and takes another card", async () => {
    const page = await session.newPage();
    const orderId = await reachPayment(page, "card.declined");
    await typeCard(page, CARDS.declined);
    await payButton(page).click();
    const alert = main(page).getByRole("alert").filter({ hasText: "La tarjeta ha sido rechazada" });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "La tarjeta ha sido rechazada. Prueba con otra tarjeta u otro medio de pago.",
    );
    expect(await axe(page), "the decline alert").toEqual([]);
    await screenshot(page, "payment-declined");
    // Still to pay: no number, the same page, and what was typed is still there to correct.
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pendiente-pago",
      number: null,
      payment: { lastFailure: "card-declined" },
    });
    expect(await main(page).getByRole("heading", { name: "Paga tu pedido" }).count()).toBe(1);
    expect(await main(page).getByLabel("Titular de la tarjeta").inputValue()).toBe("Ana García");

    await main(page).getByLabel("Número de tarjeta").fill(CARDS.pays);
    await payButton(page).click();
    await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({ status: "pagado", payment: { cardLast4: "4242" } });
    expect(session.errors).toEqual([]);
  }, 120_000);

  it("3-D Secure: to the provider's page and back, then approved there", async () => {
    const page = await session.newPage();
    // Whether a page came back from the back/forward cache (pageshow's `persisted`).
    await page.addInitScript(() => {
      addEventListener("pageshow", (event) => {
        (window as unknown as { restored: boolean }).restored = event.persisted;
      });
    });
    const orderId = await reachPayment(page, "three.d.secure");
    await typeCard(page, CARDS.threeDSecure);
    await payButton(page).click();
    await page.waitForURL(PROVIDER_PAGE);
    const provider = page.locator("main");
    await provider.getByText("Tu banco pide confirmar este pago con 3-D Secure.").waitFor();
    expect(await provider.textContent()).toMatch(/Importe: \d+,\d{2}\s€/);
    expect(await provider.getByRole("button").allTextContents()).toEqual(["Aprobar el pago", "Rechazar"]);
    expect(await axe(page), "the provider's 3-D Secure page").toEqual([]);
    await screenshot(page, "payment-3ds");

    // Back to the shop without answering: the form is there again, ready, the order still waiting.
    // (A page the back/forward cache gives back fires no "load": wait for the navigation alone.)
    await page.goBack({ waitUntil: "commit" });
    expect(new URL(page.url()).pathname).toBe("/checkout/fin");
    await expect.poll(() => payButton(page).isEnabled()).toBe(true);
    expect(await payButton(page).textContent()).toMatch(/^Pagar \d/);
    const restored = await page.evaluate(() => (window as unknown as { restored?: boolean }).restored);
    console.info(
      `/checkout/fin back from the provider's page: ${restored ? "from" : "not from"} the bfcache`,
    );
    expect((await orderOf(page, orderId)).status).toBe("pendiente-pago");

    // Forward again to the provider's page, which asks afresh; approved, the shop has the money.
    await page.goForward({ waitUntil: "commit" });
    expect(page.url()).toMatch(PROVIDER_PAGE);
    await provider.getByRole("button", { name: "Aprobar el pago" }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === "/checkout/fin" &&
        url.searchParams.get("pedido") === orderId &&
        /^tpi_/.test(url.searchParams.get("payment_intent") ?? "") &&
        url.searchParams.get("redirect_status") === "succeeded",
    );
    const number = await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pagado",
      number,
      payment: { method: "card", cardLast4: "3184" },
    });
    // Back to the provider's page, spent: Chromium may give it back from the back/forward cache
    // (no-store notwithstanding), buttons and all; approving again takes nothing more.
    await page.goBack({ waitUntil: "commit" });
    expect(page.url()).toMatch(PROVIDER_PAGE);
    const again = page.getByRole("button", { name: "Aprobar el pago" });
    if ((await again.count()) > 0) await again.click();
    await page.getByText("Este pago ya no espera ninguna confirmación.").waitFor();
    expect(await orderOf(page, orderId)).toMatchObject({ status: "pagado", number });
    expect(session.errors).toEqual([]);
  }, 120_000);

  it("3-D Secure refused: back on the shop's page with the reason, the order still to pay", async () => {
    const page = await session.newPage();
    const orderId = await reachPayment(page, "three.d.refused");
    await typeCard(page, CARDS.threeDSecure);
    await payButton(page).click();
    await page.waitForURL(PROVIDER_PAGE);
    await page.getByRole("button", { name: "Rechazar" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/checkout/fin" && url.searchParams.get("redirect_status") === "failed",
    );
    await main(page)
      .getByRole("alert")
      .filter({ hasText: "No se ha podido verificar el pago con tu banco (3-D Secure)" })
      .waitFor();
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pendiente-pago",
      number: null,
      payment: { lastFailure: "authentication-failed" },
    });
    // The form is there to try again: the card that pays, this time.
    await typeCard(page, CARDS.pays);
    await payButton(page).click();
    await thanked(page);
    expect((await orderOf(page, orderId)).status).toBe("pagado");
    expect(session.errors).toEqual([]);
  }, 120_000);

  it("pays with Bizum, approved in the bank's app (the provider's page)", async () => {
    const page = await session.newPage();
    const orderId = await reachPayment(page, "bizum");
    await main(page)
      .getByRole("radio", { name: /^Bizum/ })
      .check();
    expect(await main(page).locator("#card-number").count()).toBe(0);
    const phone = main(page).getByLabel("Móvil asociado a Bizum");
    expect(await phone.getAttribute("id")).toBe("payment-phone");
    await phone.fill("612 345 678");
    await payButton(page).click();
    await page.waitForURL(PROVIDER_PAGE);
    await page.getByText("Aprueba este pago en la app de Bizum de tu móvil.").waitFor();
    expect(await page.getByRole("button").allTextContents()).toEqual([
      "Aprobar el pago",
      "Rechazar",
      "Dejar que caduque",
    ]);
    expect(await axe(page), "the provider's Bizum page").toEqual([]);
    await page.getByRole("button", { name: "Aprobar el pago" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout/fin");
    await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({ status: "pagado", payment: { method: "bizum" } });
    await main(page).getByRole("link", { name: "Ver el pedido y la factura" }).click();
    await page.waitForURL(`**/detalle/compra/${orderId}`);
    await main(page).getByText("Forma de pago: Bizum").waitFor();
    expect(session.errors).toEqual([]);
  }, 120_000);

  it("to a Portuguese address: MB WAY offered, and a Multibanco reference the order waits for", async () => {
    const page = await session.newPage();
    const orderId = await reachPayment(page, "multibanco", lisbonAddress);
    const methods = main(page).getByRole("group", { name: "¿Cómo quieres pagar?" });
    const offered = (radios: Element[]) => radios.map((radio) => radio.getAttribute("value"));
    // The methods come with the order's own read: wait for them before counting.
    await methods.getByRole("radio", { name: /^Multibanco/ }).waitFor();
    expect(await methods.getByRole("radio").evaluateAll(offered)).toEqual(["card", "mb_way", "multibanco"]);

    // MB WAY, let time out in the app: the shopper is told, nothing is charged.
    await methods.getByRole("radio", { name: /^MB WAY/ }).check();
    await main(page).getByLabel("Móvil asociado a MB WAY").fill("912 345 678");
    await payButton(page).click();
    await page.waitForURL(PROVIDER_PAGE);
    await page.getByText("Aprueba este pago en la app de MB WAY de tu móvil.").waitFor();
    await page.getByRole("button", { name: "Dejar que caduque" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout/fin");
    await main(page).getByRole("alert").filter({ hasText: "El pago no se ha completado" }).waitFor();

    // Multibanco: a reference to pay at an ATM, on the page, on the order and in the mail.
    await methods.getByRole("radio", { name: /^Multibanco/ }).check();
    await main(page).getByRole("button", { name: "Generar referencia Multibanco" }).click();
    const box = main(page).getByRole("region", { name: "Paga con Multibanco" });
    await box.waitFor();
    const order = await orderOf(page, orderId);
    const details = order.payment?.multibanco;
    expect(order).toMatchObject({
      status: "pendiente-pago",
      number: null,
      payment: { method: "multibanco" },
    });
    expect(details?.reference).toMatch(/^\d{9}$/);
    const grouped = (details?.reference ?? "").replace(/(\d{3})(?=\d)/g, "$1 ");
    const shows = async (where: Page) => {
      const text =
        (await where.locator("main").getByRole("region", { name: "Paga con Multibanco" }).textContent()) ??
        "";
      expect(text).toContain(`Entidad${details?.entity}`);
      expect(text).toContain(`Referencia${grouped}`);
      expect(text).toMatch(
        new RegExp(`Importe${(order.totals.totalCents / 100).toFixed(2).replace(".", ",")}\\s€`),
      );
    };
    await shows(page);
    // No way to pay it twice: the form has gone.
    expect(await payButton(page).count()).toBe(0);
    expect(await main(page).locator("#card-number").count()).toBe(0);
    expect(await axe(page), "the Multibanco panel").toEqual([]);
    await screenshot(page, "payment-multibanco");
    // Read again (a reload), the reference is still what the page shows.
    await page.reload();
    await box.waitFor();
    await shows(page);

    await page.goto(`/detalle/compra/${orderId}`);
    await main(page).getByRole("region", { name: "Paga con Multibanco" }).waitFor();
    await shows(page);
    expect(await main(page).textContent()).toContain("Pendiente de pago");
    expect(await main(page).getByRole("link", { name: "Pagar ahora" }).count()).toBe(1);
    const mail = await waitForMail(order.buyer.email, new RegExp(`referencia ${details?.reference}`));
    expect(mail).toContain(`entidad ${details?.entity}`);
    expect(session.errors).toEqual([]);
  }, 120_000);

  it("pays by card with the keyboard alone (Tab, Space, Enter)", async () => {
    const page = await session.newPage();
    const orderId = await reachPayment(page, "keyboard");
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!(active instanceof HTMLInputElement)) return active?.tagName.toLowerCase() ?? "";
        return active.type === "radio" ? `radio ${active.value}` : `input#${active.id}[${active.value}]`;
      });
    // From the top of the page, Tab to the methods: into the group at the one chosen, the card.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let presses = 0;
    while ((await focused()) !== "radio card") {
      await page.keyboard.press("Tab");
      if (++presses > 150) throw new Error(`Tab never reached the card; focus on ${await focused()}`);
    }
    await page.keyboard.press("Space");
    expect(
      await main(page)
        .getByRole("radio", { name: /^Tarjeta/ })
        .isChecked(),
    ).toBe(true);
    const fields: [string, string][] = [
      ["card-holder", "Ana García"],
      ["card-number", CARDS.pays],
      ["card-expiry", "12/30"],
      ["card-cvc", "123"],
    ];
    for (const [id, value] of fields) {
      await page.keyboard.press("Tab");
      expect(await focused()).toBe(`input#${id}[]`);
      await page.keyboard.type(value);
    }
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Pagar \d/);
    await page.keyboard.press("Enter");
    await thanked(page);
    expect((await orderOf(page, orderId)).status).toBe("pagado");
    expect(session.errors).toEqual([]);
  }, 120_000);
});
