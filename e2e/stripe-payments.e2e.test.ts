import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { shopOrder } from "#server/db/schema.ts";
import { lisbonAddress, madridAddress } from "#server/testing/order-fixtures.ts";
import { type StripeStandIn, startStripeStandIn } from "#server/testing/stripe-stand-in.ts";
import type { AddressForm } from "#shared/api/address-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { cardNumbersIn } from "./support/card-numbers.ts";
import { CHROMIUM_LAUNCH } from "./support/chromium.ts";
import { SHOPPER_PASSWORD } from "./support/register.ts";
import { createScratchDatabase } from "./support/scratch-database.ts";
import { freePort, type RunningShop, type ShopOptions, startShop } from "./support/start-shop.ts";
import {
  STRIPE_JS_RELEASE,
  type StripeJsStandIn,
  serveStripeJs,
  stripeJsLog,
} from "./support/stripe-js-stand-in.ts";

/**
 * Paying on /checkout/fin in Stripe mode (issue 27, decision 034), with the shop's real client
 * path: its own shop process takes payments through Stripe (a local stand-in of Stripe's API,
 * whose signed webhooks reach the shop), and in Chromium, back/forward cache on, `@stripe/stripe-js`
 * loads a stand-in of Stripe.js served at js.stripe.com, which calls "api.stripe.com" (forwarded to
 * the API stand-in). Cards (declined, 3-D Secure approved and refused), Bizum, MB WAY and
 * Multibanco (paid later, and expired). The page's CSP must let Stripe's script and API through,
 * and no request to the shop carries a card number.
 */

const PUBLISHABLE_KEY = "pk_test_stripe_payments_e2e";

const CARDS = {
  pays: "4242 4242 4242 4242",
  threeDSecure: "4000 0027 6000 3184",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
};

let stripe: StripeStandIn;
let shop: RunningShop;
let shopOptions: ShopOptions;
let browser: Browser;
let database: { url?: string; drop(): Promise<void> };
const dataDir = mkdtempSync(join(tmpdir(), "stripe-payments-"));
/** Page errors, hydration mismatches and what the Content-Security-Policy refused, per test. */
const errors: string[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const port = await freePort();
  stripe = await startStripeStandIn({
    webhookUrl: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
    webhookSecret: `whsec_${randomBytes(16).toString("hex")}`,
  });
  database =
    inject("ownDatabase") === "postgres"
      ? await createScratchDatabase("stripe_e2e")
      : { drop: async () => {} };
  shopOptions = {
    host: new URL(inject("baseUrl")).hostname === "localhost" ? "localhost" : "127.0.0.1",
    port,
    dataDir,
    ...(database.url ? { databaseUrl: database.url } : {}),
    env: {
      PAYMENTS: "stripe",
      STRIPE_SECRET_KEY: "sk_test_stripe_payments_e2e",
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  };
  shop = await startShop(process.cwd(), shopOptions);
  browser = await chromium.launch(CHROMIUM_LAUNCH);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await stripe?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Shopper = {
  page: Page;
  context: BrowserContext;
  stripeJs: StripeJsStandIn;
  /** Every request the browser sent to the shop's origin: address and body. */
  toShop: { url: string; body: string }[];
};

/** A fresh browser (context) on the shop, Stripe.js and Stripe's API served by the stand-ins. */
async function openBrowser(): Promise<Shopper> {
  const context = await browser.newContext({
    baseURL: shop.baseUrl,
    viewport: { width: 1280, height: 900 },
    locale: "es-ES",
  });
  contexts.push(context);
  const stripeJs = await serveStripeJs(context, { apiUrl: stripe.url });
  const toShop: Shopper["toShop"] = [];
  const shopOrigin = new URL(shop.baseUrl).origin;
  context.on("request", (request) => {
    if (new URL(request.url()).origin !== shopOrigin) return;
    toShop.push({ url: request.url(), body: request.postDataBuffer()?.toString("utf8") ?? "" });
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.text().startsWith("Recovered during hydration")) errors.push(message.text());
    if (message.type() === "error" && message.text().includes("Content Security Policy")) {
      errors.push(message.text());
    }
  });
  return { page, context, stripeJs, toShop };
}

/** Opens a path and waits for its script to make it interactive (`<html data-hydrated>`). */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  return response;
}

const main = (page: Page) => page.locator("main");
const payButton = (page: Page) => main(page).getByRole("button", { name: /^Pagar \d/ });
/** The stand-in's Payment Element (its fields live in a shadow root, as Stripe's in a frame). */
const paymentElement = (page: Page) => main(page).locator("[data-stripe-stand-in=payment]");

/**
 * A new shopper, signed up through the API with a product in the cart and an address saved, who
 * goes through the checkout's steps and presses «Confirmar y pagar»: the order is placed, awaiting
 * payment, and the browser is on its payment page with Stripe's form ready. Answers the order's id.
 */
async function reachPayment(who: Shopper, name: string, address: AddressForm = madridAddress) {
  const { page } = who;
  const headers = { origin: new URL(shop.baseUrl).origin };
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name: address.name, lastName: address.lastName, email, password: SHOPPER_PASSWORD },
    headers,
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  // A sign-up signs no one in (issue 28): the shopper signs in with the password.
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: SHOPPER_PASSWORD },
    headers,
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  expect((await page.request.post("/api/cart/3", { data: { cantidad: 1 }, headers })).status()).toBe(200);
  expect((await page.request.post("/api/addresses", { data: address, headers })).status()).toBe(201);
  await open(page, "/checkout");
  for (let step = 0; step < 3; step++) {
    await main(page).getByRole("button", { name: "Continuar", exact: true }).click();
  }
  await main(page).getByRole("button", { name: "Continuar sin cupón" }).click();
  await main(page).getByRole("button", { name: "Confirmar y pagar" }).click();
  await page.waitForURL(/\/checkout\/fin\?pedido=/);
  await main(page).getByRole("heading", { name: "Paga tu pedido" }).waitFor();
  const orderId = new URL(page.url()).searchParams.get("pedido") ?? "";
  expect(await orderOf(page, orderId)).toMatchObject({ status: "pendiente-pago", number: null });
  await formReady(page);
  return orderId;
}

/** Stripe's form drawn and the «Pagar» button usable. */
async function formReady(page: Page) {
  await paymentElement(page).getByRole("tab").first().waitFor();
  await expect.poll(() => payButton(page).isEnabled()).toBe(true);
}

async function orderOf(page: Page, orderId: string): Promise<OrderView> {
  const response = await page.request.get(`/api/orders/${orderId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as OrderView;
}

/** The API stand-in's intent for the order. */
function intentOf(orderId: string) {
  const intent = [...stripe.intents.values()].find((candidate) => candidate.metadata.order_id === orderId);
  if (!intent) throw new Error(`No intent at Stripe for order ${orderId}`);
  return intent;
}

/** The methods the Payment Element offers, as its tabs say. */
const tabs = (page: Page) => paymentElement(page).getByRole("tab").allTextContents();

async function chooseMethod(page: Page, name: string) {
  await paymentElement(page).getByRole("tab", { name }).click();
}

async function typeCard(page: Page, number: string) {
  const form = paymentElement(page);
  await form.getByLabel("Número de tarjeta").fill(number);
  await form.getByLabel("Fecha de caducidad").fill("12 / 30");
  await form.getByLabel("Código de seguridad").fill("123");
}

/** The thank-you of a paid order, with its number; answers the number. */
async function thanked(page: Page): Promise<string> {
  await main(page).getByRole("heading", { name: "¡Gracias! Tu pedido está hecho" }).waitFor();
  const text = (await main(page).textContent()) ?? "";
  const number = /Número de pedido:\s*(\d{4}-\d{6})/.exec(text)?.[1];
  expect(number, text).toBeDefined();
  return number ?? "";
}

/** The stand-in's 3-D Secure or bank-app page for the order's intent. */
const bankPage = (orderId: string) => (url: URL) =>
  url.origin === stripe.url && url.pathname === `/stand-in/intents/${intentOf(orderId).id}/authorize`;

/** Back on the order's page from the bank's page, as Stripe sends the shopper back. */
const returned = (orderId: string, status: string) => (url: URL) =>
  url.pathname === "/checkout/fin" &&
  url.searchParams.get("pedido") === orderId &&
  url.searchParams.get("payment_intent") === intentOf(orderId).id &&
  url.searchParams.get("redirect_status") === status;

/** Nothing the browser sent the shop, in any body or address, holds a card number. */
function expectNoCardNumbers(who: Shopper) {
  expect(who.toShop.length).toBeGreaterThan(0);
  expect(
    who.toShop.flatMap((request) => [...cardNumbersIn(request.url), ...cardNumbersIn(request.body)]),
  ).toEqual([]);
}

describe("paying with Stripe's Payment Element (stand-ins of Stripe.js and Stripe's API)", () => {
  beforeEach(() => {
    errors.length = 0;
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it("loads Stripe.js under the page's CSP and pays by card; no card number reaches the shop", async () => {
    const who = await openBrowser();
    const { page } = who;
    const orderId = await reachPayment(who, "card");

    // The page's policy names Stripe's script and API; the script served at js.stripe.com ran
    // (window.Stripe, the form drawn) and its calls to api.stripe.com went through.
    const response = await page.request.get(`/checkout/fin?pedido=${orderId}`);
    const policy = response.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(who.stripeJs.scripts).toEqual([`https://js.stripe.com/${STRIPE_JS_RELEASE}/stripe.js`]);
    const log = await stripeJsLog(page);
    expect(log.stripes).toEqual([{ publishableKey: PUBLISHABLE_KEY }]);
    expect(log.elements).toMatchObject([
      { clientSecret: expect.stringMatching(/^pi_\w+_secret_/), locale: "es" },
    ]);
    expect(log.created.map((made) => made.type)).toEqual(["expressCheckout", "payment"]);
    expect(log.created[1]?.options).toEqual({ layout: "tabs" });
    expect(log.elements[0]?.clientSecret).toBe(intentOf(orderId).clientSecret);
    // No wallet in this browser: the Express Checkout Element's place is hidden.
    const expressBox = main(page).locator("div:has(> [data-stripe-stand-in=express-checkout])");
    expect(await expressBox.getAttribute("hidden")).not.toBeNull();
    // Spain: card and Bizum, the card first.
    expect(await tabs(page)).toEqual(["Tarjeta", "Bizum"]);
    expect(await main(page).textContent()).toMatch(/Importe a pagar:\s*\d+,\d{2}\s€/);
    // Stripe's fields belong to no form of the shop.
    expect(
      await paymentElement(page)
        .locator("input")
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).form)),
    ).toEqual([null, null, null]);

    await typeCard(page, CARDS.pays);
    await payButton(page).click();
    const number = await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pagado",
      number,
      payment: { provider: "stripe", method: "card", cardLast4: "4242", status: "captured" },
    });

    // Stripe.js read the intent (its methods) and confirmed it at Stripe, from the shop's page,
    // with the publishable key and the client secret.
    const read = who.stripeJs.calls.find((call) => call.method === "GET");
    expect(read).toMatchObject({ path: `/v1/payment_intents/${intentOf(orderId).id}`, status: 200 });
    expect(read?.params.get("key")).toBe(PUBLISHABLE_KEY);
    const confirmations = who.stripeJs.calls.filter((call) => call.path.endsWith("/confirm"));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.origin).toBe(new URL(shop.baseUrl).origin);
    expect(Object.fromEntries(confirmations[0]?.params ?? [])).toMatchObject({
      key: PUBLISHABLE_KEY,
      client_secret: intentOf(orderId).clientSecret,
      return_url: `${new URL(shop.baseUrl).origin}/checkout/fin?pedido=${orderId}`,
      payment_method: "pm_card_visa",
    });
    expect(
      stripe.requests.filter((request) => request.path.endsWith("/confirm")).map((r) => r.key),
    ).toContain("publishable");
    expectNoCardNumbers(who);
    expect(errors).toEqual([]);

    // The policy is enforced on this page: Stripe's API at another address is refused.
    const refused = await page.evaluate(
      (url) =>
        fetch(url).then(
          () => "fetched",
          () => "refused",
        ),
      `${stripe.url}/v1/payment_intents/${intentOf(orderId).id}`,
    );
    expect(refused).toBe("refused");
    await expect.poll(() => errors.some((error) => error.includes("connect-src"))).toBe(true);
  }, 120_000);

  it("tells a declined card, keeps the order waiting, and takes another card", async () => {
    const who = await openBrowser();
    const { page } = who;
    const orderId = await reachPayment(who, "declined");
    await typeCard(page, CARDS.declined);
    await payButton(page).click();
    await main(page).getByRole("alert").filter({ hasText: "La tarjeta ha sido rechazada" }).waitFor();
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pendiente-pago",
      number: null,
      payment: { lastFailure: "card-declined" },
    });
    await formReady(page);
    await paymentElement(page).getByLabel("Número de tarjeta").fill(CARDS.pays);
    await payButton(page).click();
    const number = await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pagado",
      number,
      payment: { method: "card", cardLast4: "4242", lastFailure: null },
    });
    expectNoCardNumbers(who);
    expect(errors).toEqual([]);
  }, 120_000);

  it("does not tell why a card was declined (one message for every refusal)", async () => {
    const who = await openBrowser();
    const { page } = who;
    const orderId = await reachPayment(who, "insufficient-funds");
    await typeCard(page, CARDS.insufficientFunds);
    await payButton(page).click();
    await main(page).getByRole("alert").filter({ hasText: "La tarjeta ha sido rechazada" }).waitFor();
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pendiente-pago",
      payment: { lastFailure: "card-declined" },
    });
    // Stripe's decline code (insufficient funds) stays in Stripe's records: a card tester learns
    // nothing from the page but "declined".
    const told = (await main(page).getByRole("alert").allTextContents()).filter((text) => text !== "");
    expect(told).toEqual(["La tarjeta ha sido rechazada. Prueba con otra tarjeta u otro medio de pago."]);
    expect(errors).toEqual([]);
  }, 120_000);

  it("3-D Secure: to the bank's page, approved there, and back to the thanks", async () => {
    const who = await openBrowser();
    const { page } = who;
    const orderId = await reachPayment(who, "three-d-secure");
    await typeCard(page, CARDS.threeDSecure);
    await payButton(page).click();
    await page.waitForURL(bankPage(orderId));
    await page.getByRole("heading", { name: "3-D Secure (stand-in)" }).waitFor();
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(returned(orderId, "succeeded"));
    const number = await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pagado",
      number,
      payment: { method: "card", cardLast4: "3184" },
    });
    expectNoCardNumbers(who);
    expect(errors).toEqual([]);
  }, 120_000);

  it("back from the bank's page without answering (back/forward cache): the form is usable again", async () => {
    const who = await openBrowser();
    const { page } = who;
    await page.addInitScript(() => {
      addEventListener("pageshow", (event) => {
        (window as unknown as { restored: boolean }).restored = event.persisted;
      });
    });
    const orderId = await reachPayment(who, "back-from-bank");
    await chooseMethod(page, "Bizum");
    await paymentElement(page).getByLabel("Número de teléfono").fill("612 345 678");
    await payButton(page).click();
    await page.waitForURL(bankPage(orderId));
    await page.getByRole("heading", { name: "Bizum (stand-in)" }).waitFor();

    // A page the back/forward cache gives back fires no "load": wait for the navigation alone.
    await page.goBack({ waitUntil: "commit" });
    expect(new URL(page.url()).pathname).toBe("/checkout/fin");
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    const restored = await page.evaluate(() => (window as unknown as { restored?: boolean }).restored);
    console.info(`/checkout/fin back from the bank's page: ${restored ? "from" : "not from"} the bfcache`);
    expect((await orderOf(page, orderId)).status).toBe("pendiente-pago");
    // Stripe.js left the page for the bank's, and its confirmation never settles: the shop's
    // «Pagando…» must not stay for good.
    const submit = main(page).locator("button[type=submit]");
    await expect.poll(() => submit.textContent()).toMatch(/^Pagar \d/);
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await chooseMethod(page, "Tarjeta");
    await typeCard(page, CARDS.pays);
    await payButton(page).click();
    await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({ status: "pagado", payment: { method: "card" } });
    expect(errors).toEqual([]);
  }, 120_000);

  it("3-D Secure refused: back on the shop's page with the reason, the order still to pay", async () => {
    const who = await openBrowser();
    const { page } = who;
    const orderId = await reachPayment(who, "three-d-refused");
    await typeCard(page, CARDS.threeDSecure);
    await payButton(page).click();
    await page.waitForURL(bankPage(orderId));
    await page.getByRole("button", { name: "Refuse" }).click();
    await page.waitForURL(returned(orderId, "failed"));
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await main(page)
      .getByRole("alert")
      .filter({ hasText: "No se ha podido verificar el pago con tu banco (3-D Secure)" })
      .waitFor();
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pendiente-pago",
      number: null,
      payment: { lastFailure: "authentication-failed" },
    });
    await formReady(page);
    await typeCard(page, CARDS.pays);
    await payButton(page).click();
    await thanked(page);
    expect((await orderOf(page, orderId)).status).toBe("pagado");
    expectNoCardNumbers(who);
    expect(errors).toEqual([]);
  }, 120_000);

  it("pays with Bizum, approved in the bank's app (the stand-in's page)", async () => {
    const who = await openBrowser();
    const { page } = who;
    const orderId = await reachPayment(who, "bizum");
    await chooseMethod(page, "Bizum");
    await paymentElement(page).getByLabel("Número de teléfono").fill("612 345 678");
    await payButton(page).click();
    await page.waitForURL(bankPage(orderId));
    await page.getByRole("heading", { name: "Bizum (stand-in)" }).waitFor();
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(returned(orderId, "succeeded"));
    await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({ status: "pagado", payment: { method: "bizum" } });
    expect(errors).toEqual([]);
  }, 120_000);

  it("to a Portuguese address: card, MB WAY and Multibanco; MB WAY approved", async () => {
    const who = await openBrowser();
    const { page } = who;
    const orderId = await reachPayment(who, "mbway", lisbonAddress);
    expect(await tabs(page)).toEqual(["Tarjeta", "MB WAY", "Multibanco"]);
    await chooseMethod(page, "MB WAY");
    await paymentElement(page).getByLabel("Número de teléfono").fill("+351 912 345 678");
    await payButton(page).click();
    await page.waitForURL(bankPage(orderId));
    await page.getByRole("heading", { name: "MB WAY (stand-in)" }).waitFor();
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(returned(orderId, "succeeded"));
    await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({ status: "pagado", payment: { method: "mb_way" } });
    expect(errors).toEqual([]);
  }, 120_000);

  it("Multibanco: the reference on the page, paid later at an ATM, and the page follows", async () => {
    const who = await openBrowser();
    const { page } = who;
    const orderId = await reachPayment(who, "multibanco", lisbonAddress);
    await chooseMethod(page, "Multibanco");
    await paymentElement(page).getByLabel("Correo electrónico").fill("maria@example.com");
    await payButton(page).click();
    const box = main(page).getByRole("region", { name: "Paga con Multibanco" });
    await box.waitFor();
    const confirmation = who.stripeJs.calls.find((call) => call.path.endsWith("/confirm"));
    expect(Object.fromEntries(confirmation?.params ?? [])).toMatchObject({
      "payment_method_data[type]": "multibanco",
      "payment_method_data[billing_details][email]": "maria@example.com",
    });
    // The reference Stripe gave, on the shop's own page; no form to pay twice.
    const voucher = intentOf(orderId).voucher;
    expect(voucher).not.toBeNull();
    const text = (await box.textContent()) ?? "";
    expect(text).toContain(`Entidad${voucher?.entity}`);
    expect(text).toContain(`Referencia${voucher?.reference.replace(/(\d{3})(?=\d)/g, "$1 ")}`);
    expect(await payButton(page).count()).toBe(0);
    expect(await paymentElement(page).count()).toBe(0);
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pendiente-pago",
      number: null,
      payment: { method: "multibanco", multibanco: { reference: voucher?.reference } },
    });

    // Paid at an ATM days later: Stripe's webhook tells the shop, and the open page moves on.
    stripe.pay(intentOf(orderId).id);
    await stripe.settled();
    const number = await thanked(page);
    expect(await orderOf(page, orderId)).toMatchObject({
      status: "pagado",
      number,
      payment: { method: "multibanco", status: "captured", multibanco: null },
    });
    expect(errors).toEqual([]);
  }, 120_000);

  it("Multibanco expired: the reference goes, and the shop's expiry then ends the order", async () => {
    const who = await openBrowser();
    const { page } = who;
    const stockOf = async () =>
      ((await (await page.request.get("/api/products/3")).json()) as { stock: number }).stock;
    const stockBefore = await stockOf();
    const orderId = await reachPayment(who, "multibanco-expired", lisbonAddress);
    expect(await stockOf()).toBe(stockBefore - 1);
    await chooseMethod(page, "Multibanco");
    await paymentElement(page).getByLabel("Correo electrónico").fill("maria@example.com");
    await payButton(page).click();
    await main(page).getByRole("region", { name: "Paga con Multibanco" }).waitFor();
    // The order waits for the reference (three days at the stand-in), not 30 minutes.
    const waiting = await orderOf(page, orderId);
    expect(Date.parse(waiting.payBy ?? "")).toBeGreaterThan(Date.now() + 2 * 24 * 3600_000);

    // The reference expires unpaid (Stripe's payment_intent.payment_failed): the open page drops
    // it, says the payment did not go through and offers the form again; the order still waits,
    // now for another way to pay, no longer than any other payment would.
    stripe.expire(intentOf(orderId).id);
    await stripe.settled();
    await main(page).getByRole("alert").filter({ hasText: "El pago no se ha completado" }).waitFor();
    expect(await main(page).getByRole("region", { name: "Paga con Multibanco" }).count()).toBe(0);
    await formReady(page);
    const after = await orderOf(page, orderId);
    expect(after).toMatchObject({
      status: "pendiente-pago",
      payment: { multibanco: null, lastFailure: "refused" },
    });
    expect(Date.parse(after.payBy ?? "")).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    // The shop's expiry (at start-up, then every minute) for an order past its time: the time
    // moved back in the database, and the shop started again.
    await shop.stop();
    const handle = await openDatabase(
      database.url ? { kind: "postgres", url: database.url } : { kind: "pglite", dataDir },
    );
    try {
      await handle.db
        .update(shopOrder)
        .set({ payBy: new Date(Date.now() - 60_000) })
        .where(eq(shopOrder.id, orderId));
    } finally {
      await handle.close();
    }
    shop = await startShop(process.cwd(), shopOptions);
    // It cancels the intent at Stripe and the order expires: its product goes back on sale.
    await expect.poll(() => intentOf(orderId).status).toBe("canceled");
    await stripe.settled();
    await expect.poll(async () => (await orderOf(page, orderId)).status).toBe("caducado");
    expect(await stockOf()).toBe(stockBefore);
    await open(page, page.url());
    await main(page).getByRole("heading", { name: "Se acabó el plazo para pagar" }).waitFor();
    expect(await paymentElement(page).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);
});
