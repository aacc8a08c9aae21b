import { join } from "node:path";
import type { APIRequestContext, Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  intentIdOf,
  madridAddress,
  orderRequest,
  testConfirmRequest,
} from "#server/testing/order-fixtures.ts";
import { backOfficeOrderApi } from "#shared/api/back-office-order-contract.ts";
import { severeViolations } from "./support/axe.ts";
import { enrolOwner, type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { mailedAddressCode } from "./support/register.ts";
import type { RunningShop } from "./support/start-shop.ts";

const session = setUpBrowser();
// A fresh database, the command line and some thirty orders take their time on a busy machine.
const SLOW = 240_000;

let owned: ShopWithOwner;
let shop: RunningShop;
const at = (path: string) => owned.at(path);

beforeAll(async () => {
  owned = await startShopWithOwner("pedidos", "jefa.pedidos@example.com");
  shop = owned.shop;
}, SLOW);
afterAll(async () => {
  await shop?.stop();
});

/** The owner, signed in with the second factor enrolled: their cookies. */
const signInOwner = (page: Page): Promise<Cookie[]> =>
  enrolOwner(page, owned, { name: "Jefa de Pedidos", password: "faro azul y gatos robot" });

let ownerCookies: Cookie[] = [];
/** A page of its own signed in as the owner (the session's cookies in a fresh context). */
async function ownerPage(options: Parameters<typeof session.newPage>[0] = {}): Promise<Page> {
  const page = await session.newPage(options);
  await page.context().addCookies(ownerCookies);
  return page;
}

type Buyer = { name: string; lastName: string; email: string };

/** A signed-up shopper with a proven address, in `request`'s jar, with a delivery address. */
async function signUpBuyer(request: APIRequestContext, buyer: Buyer): Promise<string> {
  const headers = { origin: shop.baseUrl };
  const password = "Gato-Robot-Azul-2026";
  const signedUp = await request.post(at("/api/auth/sign-up/email"), {
    data: { ...buyer, password },
    headers,
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const code = await mailedAddressCode(buyer.email, join(shop.dataDir, "outbox"));
  expect(
    (await request.post(at("/api/auth/sign-up/prove-address"), { data: { code }, headers })).status(),
  ).toBe(200);
  const saved = await request.post(at("/api/addresses"), {
    data: { ...madridAddress, phone: "699 123 456" },
    headers,
  });
  const { items } = (await saved.json()) as { items: { id: string }[] };
  return items[0]?.id ?? "";
}

/** One unit in the cart, the order placed and paid with the test card: its number. */
async function buy(request: APIRequestContext, addressId: string, buyer: Buyer): Promise<string> {
  const headers = { origin: shop.baseUrl };
  expect((await request.post(at("/api/cart/3"), { data: { cantidad: 1 }, headers })).status()).toBe(200);
  const quoted = await request.post(at("/api/orders/quote"), {
    data: { addressId, shippingMethod: "standard" },
    headers,
  });
  const { totals } = (await quoted.json()) as { totals: { totalCents: number } };
  const invoice = { name: buyer.name, lastName: buyer.lastName, company: "", taxId: "" };
  const placed = await request.post(at("/api/orders"), {
    data: orderRequest(addressId, totals.totalCents, { invoice }),
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
  return number;
}

const lucia: Buyer = { name: "Lucía", lastName: "Romero Vidal", email: "lucia.romero@example.com" };
const bulk: Buyer = { name: "Pablo", lastName: "Prieto", email: "pablo.prieto@example.com" };
let luciaOrder = "";
let prepared = "";

describe("the back office's order list (issue 30)", () => {
  beforeAll(async () => {
    const buyerPage = await session.newPage();
    const addressId = await signUpBuyer(buyerPage.request, bulk);
    const bulkOrders: string[] = [];
    for (let index = 0; index < 26; index++) bulkOrders.push(await buy(buyerPage.request, addressId, bulk));
    const luciaPage = await session.newPage();
    luciaOrder = await buy(luciaPage.request, await signUpBuyer(luciaPage.request, lucia), lucia);
    const ownerSignedIn = await session.newPage();
    ownerCookies = await signInOwner(ownerSignedIn);
    // One order being packed, as the owner marks it from the back office.
    prepared = bulkOrders[3] ?? "";
    const step = await ownerSignedIn.request.post(at(backOfficeOrderApi.action(prepared, "prepare")), {
      data: {},
      headers: { origin: shop.baseUrl },
    });
    expect(step.status(), await step.text()).toBe(200);
  }, SLOW);

  it(
    "finds an order by the shopper's e-mail, filters by status, pages, and hears a new order",
    async () => {
      const page = await ownerPage();
      await page.goto(at("/gestion/pedidos"));
      const main = page.getByRole("main");
      expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Pedidos");
      expect(await main.locator("#orders-count").textContent()).toBe("27 pedidos · del 1 al 25");
      expect(await main.getByRole("navigation", { name: "Páginas de pedidos" }).textContent()).toContain(
        "Página 1 de 2",
      );
      expect(await severeViolations(page)).toEqual([]);

      // By the shopper's e-mail, its start typed.
      await main.getByLabel("Buscar").fill("lucia.romero@");
      await main.getByRole("button", { name: "Buscar" }).click();
      await page.waitForURL(at("/gestion/pedidos?q=lucia.romero%40"));
      const table = main.getByRole("table");
      await expect.poll(() => table.getByRole("row").count()).toBe(2);
      const row = table.getByRole("row").nth(1);
      expect(await row.getByRole("rowheader").textContent()).toBe(luciaOrder);
      expect(await row.textContent()).toContain("Lucía Romero Vidal");
      expect(await row.textContent()).toContain("699 123 456");
      expect(await row.textContent()).toContain("Madrid (Península)");
      expect(await row.textContent()).toContain("Tarjeta");
      expect(await row.textContent()).toContain("Pagado");
      expect(await row.textContent()).toMatch(/\d+,\d\d\u00a0€/);
      expect(await row.getByRole("link", { name: luciaOrder }).getAttribute("href")).toBe(
        `/gestion/pedidos/${luciaOrder}`,
      );

      // By status, from a fresh list.
      await main.getByRole("link", { name: "Quitar filtros" }).click();
      await page.waitForURL(at("/gestion/pedidos"));
      // The address changes first, then the page is drawn for it: its form emptied.
      await expect.poll(() => main.getByLabel("Buscar").inputValue()).toBe("");
      // The filters are folded until asked for (a phone's first screen is the list's).
      await main.getByText("Filtros", { exact: true }).click();
      await main.getByRole("checkbox", { name: "Preparando" }).check();
      await main.getByRole("button", { name: "Buscar" }).click();
      await page.waitForURL(at("/gestion/pedidos?status=preparando"));
      await expect.poll(() => main.locator("#orders-count").textContent()).toBe("1 pedido · del 1 al 1");
      expect(await table.getByRole("rowheader").textContent()).toBe(prepared);

      // Back: the whole list again, its form emptied; then its second page.
      await page.goBack();
      await page.waitForURL(at("/gestion/pedidos"));
      await expect.poll(() => main.locator("#orders-count").textContent()).toBe("27 pedidos · del 1 al 25");
      expect(await main.locator('input[name="status"][value="preparando"]').isChecked()).toBe(false);
      await main.getByRole("link", { name: "Siguiente" }).click();
      await page.waitForURL(at("/gestion/pedidos?page=2"));
      await expect.poll(() => main.locator("#orders-count").textContent()).toBe("27 pedidos · del 26 al 27");
      expect(await main.getByRole("navigation", { name: "Páginas de pedidos" }).textContent()).toContain(
        "Página 2 de 2",
      );
      // The oldest last (newest first): Pablo's first order.
      expect(await table.getByRole("rowheader").last().textContent()).toMatch(/-000001$/);

      // A new order, paid while the list is open: announced, and shown when asked for.
      await main.getByRole("link", { name: "Anterior" }).click();
      await page.waitForURL(at("/gestion/pedidos"));
      const buyerPage = await session.newPage();
      const fresh: Buyer = { name: "Nuria", lastName: "Nueva", email: "nuria.nueva@example.com" };
      const freshOrder = await buy(buyerPage.request, await signUpBuyer(buyerPage.request, fresh), fresh);
      await expect
        .poll(() => main.getByRole("status").textContent(), { timeout: 10_000 })
        .toBe("1 pedido nuevo");
      // Not slipped in under the reader's eyes.
      expect(await table.getByRole("rowheader").first().textContent()).not.toBe(freshOrder);
      expect(await severeViolations(page)).toEqual([]);
      await main.getByRole("button", { name: "Actualizar la lista" }).click();
      await expect.poll(() => table.getByRole("rowheader").first().textContent()).toBe(freshOrder);
      expect(await main.getByRole("status").textContent()).toBe("");
      expect(await main.locator("#orders-count").textContent()).toBe("28 pedidos · del 1 al 25");
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  it(
    "sorts by total, and works without JavaScript",
    async () => {
      const page = await ownerPage({ javaScript: false });
      await page.goto(at("/gestion/pedidos?status=preparando&sort=total&dir=asc"));
      const main = page.getByRole("main");
      expect(await main.locator("#orders-count").textContent()).toBe("1 pedido · del 1 al 1");
      expect(await main.getByRole("checkbox", { name: "Preparando" }).isChecked()).toBe(true);
      await main.getByLabel("Buscar").fill("Prieto");
      await main.getByRole("button", { name: "Buscar" }).click();
      await page.waitForLoadState();
      const url = new URL(page.url());
      expect(url.searchParams.get("q")).toBe("Prieto");
      expect(url.searchParams.getAll("status")).toEqual(["preparando"]);
      expect(url.searchParams.get("sort")).toBe("total");
      expect(await main.getByRole("table").getByRole("rowheader").textContent()).toBe(prepared);
    },
    SLOW,
  );

  it(
    "reads well on a 390 px phone",
    async () => {
      const page = await ownerPage({ mobile: true });
      await page.goto(at("/gestion/pedidos?pageSize=25"));
      const main = page.getByRole("main");
      const cards = main.getByRole("list", { name: /pedidos/ }).getByRole("listitem");
      expect(await cards.count()).toBe(25);
      expect(await main.getByRole("table").isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await severeViolations(page)).toEqual([]);
      await page.screenshot({ path: "/tmp/back-office-orders-390.png", fullPage: false });
    },
    SLOW,
  );

  it("answers a shopper's session 401 at the list's API", async () => {
    const page = await session.newPage();
    await signUpBuyer(page.request, {
      name: "Solo",
      lastName: "Compradora",
      email: "solo.compradora@example.com",
    });
    const answer = await page.request.get(at("/api/gestion/orders"), { headers: { origin: shop.baseUrl } });
    expect(answer.status()).toBe(401);
    const events = await page.request.get(at("/api/gestion/orders/events"), {
      headers: { origin: shop.baseUrl },
    });
    expect(events.status()).toBe(401);
  });

  // Last: it ends the owner's session the other tests share.
  it(
    "tells an open list, at its next check, that its session has ended",
    async () => {
      const page = await ownerPage();
      await page.goto(at("/gestion/pedidos"));
      const main = page.getByRole("main");
      await main.locator("#orders-count").waitFor();
      // The same staff member signs out in another tab.
      const other = await page.context().newPage();
      await other.goto(at("/gestion"));
      await other.getByRole("button", { name: "Cerrar sesión" }).click();
      await other.waitForURL(/\/gestion\/entrar/);
      // The list's stream checks its session every 25 s.
      const ended = main.getByRole("status").filter({ hasText: "Tu sesión ha terminado" });
      await expect.poll(() => ended.count(), { timeout: 40_000 }).toBe(1);
      await main.getByRole("link", { name: "Entrar de nuevo" }).click();
      await page.waitForURL(/\/gestion\/entrar/);
    },
    SLOW,
  );
});
