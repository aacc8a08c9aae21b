import type { APIRequestContext, Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  intentIdOf,
  madridAddress,
  orderRequest,
  testConfirmRequest,
} from "#server/testing/order-fixtures.ts";
import { totpCode } from "#server/testing/totp-code.ts";
import { formatPrice } from "#shared/money.ts";
import { severeViolations } from "./support/axe.ts";
import { enrolOwner, type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { mailedAddressCode } from "./support/register.ts";
import type { RunningShop } from "./support/start-shop.ts";

const session = setUpBrowser();
// A fresh database, the command line and a shop of its own take their time on a busy machine.
const SLOW = 240_000;

let owned: ShopWithOwner;
let shop: RunningShop;
const at = (path: string) => owned.at(path);
const outbox = () => owned.outbox();

beforeAll(async () => {
  owned = await startShopWithOwner("equipo", "duena.equipo@example.com");
  shop = owned.shop;
}, SLOW);
afterAll(async () => {
  await shop?.stop();
});

/** The owner, signed in with the second factor enrolled: their cookies. */
const signInOwner = (page: Page): Promise<Cookie[]> =>
  enrolOwner(page, owned, { name: "Dueña del Equipo", password: "faro azul y gatos robot" });

let ownerCookies: Cookie[] = [];
async function ownerPage(options: Parameters<typeof session.newPage>[0] = {}): Promise<Page> {
  const page = await session.newPage(options);
  await page.context().addCookies(ownerCookies);
  return page;
}

/** The code an authenticator shows now for the secret of the enrolment page ("ABCD EFGH …"). */
function codeFor(shownSecret: string): string {
  return totpCode(`otpauth://totp/gestion?secret=${shownSecret.replace(/\s/g, "")}`);
}

/** A shopper signed up with a proven address, who buys one unit and pays by card: the order. */
async function paidOrder(request: APIRequestContext): Promise<{ number: string; totalCents: number }> {
  const headers = { origin: shop.baseUrl };
  const buyer = { name: "Marta", lastName: "Ruiz", email: "marta.ruiz@example.com" };
  const signedUp = await request.post(at("/api/auth/sign-up/email"), {
    data: { ...buyer, password: "Gato-Robot-Azul-2026" },
    headers,
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const code = await mailedAddressCode(buyer.email, outbox());
  expect(
    (await request.post(at("/api/auth/sign-up/prove-address"), { data: { code }, headers })).status(),
  ).toBe(200);
  const saved = await request.post(at("/api/addresses"), { data: madridAddress, headers });
  const addressId = ((await saved.json()) as { items: { id: string }[] }).items[0]?.id ?? "";
  expect((await request.post(at("/api/cart/3"), { data: { cantidad: 1 }, headers })).status()).toBe(200);
  const quoted = await request.post(at("/api/orders/quote"), {
    data: { addressId, shippingMethod: "standard" },
    headers,
  });
  const { totals } = (await quoted.json()) as { totals: { totalCents: number } };
  const placed = await request.post(at("/api/orders"), {
    data: orderRequest(addressId, totals.totalCents),
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id } = (await placed.json()) as { id: string };
  const payment = await request.get(at(`/api/orders/${id}/payment`), { headers });
  const { clientSecret } = (await payment.json()) as { clientSecret: string };
  const confirmed = await request.post(at(`/api/payments/test/intents/${intentIdOf(clientSecret)}/confirm`), {
    data: testConfirmRequest(clientSecret, shop.baseUrl, id),
    headers,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const read = await request.get(at(`/api/orders/${id}`), { headers });
  const { number } = (await read.json()) as { number: string | null };
  if (number === null) throw new Error(`order ${id} not paid`);
  return { number, totalCents: totals.totalCents };
}

/** The scripts a page's HTML asks for at once: its module script and what it preloads. */
async function firstViewScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLScriptElement>("script[src]"),
      ...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
    ].map((element) => new URL(element instanceof HTMLScriptElement ? element.src : element.href).pathname),
  );
}

describe("the owner's dashboard (issue 30)", () => {
  let order = { number: "", totalCents: 0 };
  beforeAll(async () => {
    order = await paidOrder((await session.newPage()).request);
    ownerCookies = await signInOwner(await session.newPage());
  }, SLOW);

  it(
    "shows today's figures of a paid order, the order to ship, and draws its charts once the page is up",
    async () => {
      const page = await ownerPage();
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(at("/gestion"));
      const main = page.getByRole("main");
      expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Hola, Dueña del Equipo");
      const today = main.getByRole("region", { name: /^Hoy/ });
      expect(await today.getByRole("definition").allTextContents()).toEqual([
        formatPrice(order.totalCents, "es"),
        "1",
        formatPrice(order.totalCents, "es"),
        formatPrice(0, "es"),
      ]);
      const toShip = main.getByRole("region", { name: "Pedidos por enviar (1)" });
      expect(await toShip.getByRole("link", { name: `Pedido ${order.number}` }).getAttribute("href")).toBe(
        `/gestion/pedidos/${order.number}`,
      );
      // The charts come after hydration, from a chunk of their own that no first view asks for.
      const revenue = main.getByRole("img", { name: /^Ingresos por día/ });
      await page.locator('#revenue-chart[data-chart="drawn"] canvas').waitFor();
      await page.locator('#orders-chart[data-chart="drawn"] canvas').waitFor();
      expect(await revenue.getAttribute("aria-label")).toContain(formatPrice(order.totalCents, "es"));
      const firstView = await firstViewScripts(page);
      const later = scripts.filter((script) => !firstView.includes(script));
      expect(firstView.length).toBeGreaterThan(0);
      expect(later.some((script) => script.includes("draw-daily-bars"))).toBe(true);
      for (const script of firstView) {
        const text = await (await fetch(at(script))).text();
        expect(text, script).not.toContain("uplot");
      }
      // The same figures as a table, for whoever does not see the charts.
      await main.getByText("Ver los 30 días en una tabla").click();
      const rows = main.getByRole("table").getByRole("row");
      expect(await rows.count()).toBe(31);
      expect(await rows.nth(1).textContent()).toContain(formatPrice(order.totalCents, "es"));
      expect(await severeViolations(page)).toEqual([]);
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  it(
    "fits a phone",
    async () => {
      const page = await ownerPage({ mobile: true });
      await page.goto(at("/gestion"));
      await page.locator('#revenue-chart[data-chart="drawn"] canvas').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: "/tmp/back-office-dashboard-390.png", fullPage: true });
      expect(await severeViolations(page)).toEqual([]);
    },
    SLOW,
  );
});

describe("the owner's team (issue 30)", () => {
  const member = {
    email: "nuevo.equipo@example.com",
    name: "Nico Nuevo",
    password: "gatos robot del puerto",
  };
  let memberPage: Page;

  it(
    "invites a staff member, who sets a password, enrols the second factor and signs in",
    async () => {
      const page = await ownerPage();
      await page.goto(at("/gestion/equipo"));
      const main = page.getByRole("main");
      expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Equipo");
      const members = main.getByRole("region", { name: /^Personas del equipo/ });
      expect(await members.textContent()).toContain("Dueña del Equipo (tú)");
      // Nobody disables themselves.
      expect(await members.getByRole("button", { name: /Desactivar/ }).count()).toBe(0);
      expect(await severeViolations(page)).toEqual([]);

      const form = main.getByRole("form", { name: "Invitar a alguien" });
      await form.getByLabel("Correo electrónico").fill("no es un correo");
      await form.getByRole("button", { name: "Enviar la invitación" }).click();
      expect(await form.getByText("Ese correo electrónico no es válido.").isVisible()).toBe(true);
      await form.getByLabel("Correo electrónico").fill(` ${member.email.toUpperCase()} `);
      await form.getByLabel("Rol").selectOption("staff");
      await form.getByRole("button", { name: "Enviar la invitación" }).click();
      await expect
        .poll(() => form.getByRole("status").textContent())
        .toContain(`Invitación enviada a ${member.email}`);
      const waiting = main.getByRole("region", { name: "Invitaciones pendientes (1)" });
      await expect.poll(() => waiting.textContent()).toContain(member.email);
      // The owner's own address has an account already.
      await form.getByLabel("Correo electrónico").fill("duena.equipo@example.com");
      await form.getByRole("button", { name: "Enviar la invitación" }).click();
      await expect
        .poll(() => form.getByRole("alert").textContent())
        .toContain("ya tiene una cuenta de gestión");

      // The mail's link, opened in a browser of their own.
      const mail = await waitForMail(member.email, /\/gestion\/invitacion\?token=/, outbox());
      const link = new URL(/https?:\/\/\S+\/gestion\/invitacion\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0] ?? "");
      memberPage = await session.newPage();
      const refused: string[] = [];
      memberPage.on("response", (answer) => {
        if (answer.status() >= 400) refused.push(`${answer.status()} ${answer.url()}`);
      });
      await memberPage.goto(at(`${link.pathname}${link.search}`));
      const theirs = memberPage.getByRole("main");
      expect(await theirs.textContent()).toContain(member.email);
      await theirs.getByLabel("Tu nombre").fill(member.name);
      await theirs.getByLabel("Contraseña").fill(member.password);
      await theirs.getByRole("button", { name: "Crear mi cuenta" }).click();
      await theirs.getByRole("heading", { name: "Activa la verificación en dos pasos" }).waitFor();
      const secret = (await memberPage.locator("#totp-secret").textContent()) ?? "";
      await theirs.getByLabel("Código de 6 cifras").fill(codeFor(secret));
      await theirs.getByRole("button", { name: "Confirmar y entrar" }).click();
      await memberPage.waitForURL(at("/gestion"));
      // Nothing asked on the way was refused (the console shows each refusal as an error).
      expect(refused).toEqual([]);

      // Out and in again, with the password and the authenticator's code.
      await memberPage.getByRole("banner").getByRole("button", { name: "Cerrar sesión" }).click();
      await memberPage.waitForURL(at("/gestion/entrar"));
      await theirs.getByLabel("Correo electrónico").fill(member.email);
      await theirs.getByLabel("Contraseña").fill(member.password);
      await theirs.getByRole("button", { name: "Continuar" }).click();
      await theirs.getByLabel("Código de 6 cifras").fill(codeFor(secret));
      await theirs.getByLabel("Código de 6 cifras").press("Enter");
      await memberPage.waitForURL(at("/gestion"));
      await theirs.getByRole("heading", { name: `Hola, ${member.name}` }).waitFor();
      await memberPage.locator('#revenue-chart[data-chart="drawn"]').waitFor();
      // Staff have no team screen: not in their sections, and its address sends them home.
      expect(await memberPage.getByRole("navigation", { name: "Secciones" }).textContent()).not.toContain(
        "Equipo",
      );
      await memberPage.goto(at("/gestion/equipo"));
      expect(memberPage.url()).toBe(at("/gestion"));
      expect((await memberPage.request.get(at("/api/gestion/staff"))).status()).toBe(403);
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  it(
    "lets the owner disable them, after asking, and their next request is refused",
    async () => {
      const page = await ownerPage();
      await page.goto(at("/gestion/equipo"));
      const main = page.getByRole("main");
      expect(await main.getByRole("region", { name: "Invitaciones pendientes (0)" }).isVisible()).toBe(true);
      const row = main.getByRole("listitem", { name: member.name });
      expect(await row.textContent()).toContain("Verificación en dos pasos activada");
      await row.getByRole("button", { name: `Desactivar a ${member.name}` }).click();
      // Asked first, the focus on «Cancelar»: Enter changes nothing.
      const cancel = row.getByRole("button", { name: "Cancelar" });
      expect(await cancel.evaluate((button) => button === document.activeElement)).toBe(true);
      await cancel.press("Enter");
      await row.getByRole("button", { name: `Desactivar a ${member.name}` }).click();
      expect(await row.getByRole("group").textContent()).toContain(`¿Desactivar a ${member.name}?`);
      await row.getByRole("button", { name: "Sí, desactivar" }).click();
      await expect.poll(() => row.textContent()).toContain("Cuenta desactivada el");
      expect(await severeViolations(page)).toEqual([]);

      expect((await memberPage.request.get(at("/api/gestion/dashboard"))).status()).toBe(401);
      await memberPage.goto(at("/gestion"));
      expect(memberPage.url()).toBe(at("/gestion/entrar"));
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  it(
    "fits a phone",
    async () => {
      const page = await ownerPage({ mobile: true });
      await page.goto(at("/gestion/equipo"));
      await page.getByRole("main").getByRole("heading", { level: 1, name: "Equipo" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: "/tmp/back-office-team-390.png", fullPage: true });
      expect(await severeViolations(page)).toEqual([]);
    },
    SLOW,
  );
});
