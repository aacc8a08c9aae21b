import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeOrderApi } from "#shared/api/back-office-order-contract.ts";
import { severeViolations } from "./support/axe.ts";
import { type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { buyInOwnShop, ownerOf } from "./support/own-shop-order.ts";

const session = setUpBrowser();
let owned: ShopWithOwner;

beforeAll(async () => {
  owned = await startShopWithOwner("desistimiento", "duena.desiste@example.com");
}, 240_000);
afterAll(async () => {
  await owned?.shop.stop();
});

/** The shop's owner in the back office, enrolled once (the invitation works once). */
let ownerPage: Awaited<ReturnType<typeof ownerOf>> | undefined;
async function theOwner() {
  ownerPage ??= await ownerOf(() => session.newPage(), owned);
  return ownerPage;
}

/** Ships and delivers the order from the back office, as staff do. */
async function deliver(owner: Awaited<ReturnType<typeof ownerOf>>, number: string) {
  await owner.act(number, "ship", { carrier: "envios-veloz", trackingNumber: `e2e-${number}` });
  const delivered = await owner.page.request.post(owned.at(backOfficeOrderApi.action(number, "deliver")), {
    data: {},
    headers: { origin: owned.shop.baseUrl },
  });
  expect(delivered.status()).toBe(200);
}

describe("withdrawal per line (issue 33, decision 059)", () => {
  it("an account returns one of three lines from its order page, by keyboard only", async () => {
    const page = await session.newPage();
    const email = "devuelve.una@example.com";
    const order = await buyInOwnShop(
      page,
      owned,
      { name: "Elena", lastName: "Ruiz", email },
      { 3: 1, 5: 1, 36: 1 },
    );
    const owner = await theOwner();
    await deliver(owner, order.number);

    await page.goto(owned.at(`/detalle/compra/${order.id}`));
    const returns = page.getByRole("region", { name: "Desistir / devolver productos" });
    await expect.poll(() => returns.isVisible()).toBe(true);
    expect(await severeViolations(page)).toEqual([]);
    const boxes = returns.getByRole("checkbox");
    expect(await boxes.count()).toBe(3);
    // Keyboard only: focus the second product's box, tick it with the space bar, send with Enter.
    await boxes.nth(1).focus();
    await page.keyboard.press("Space");
    expect(await boxes.nth(1).isChecked()).toBe(true);
    await returns.getByRole("button", { name: "Desistir de los productos marcados" }).focus();
    await page.keyboard.press("Enter");
    const done = returns.getByRole("status");
    await expect.poll(() => done.textContent()).toContain("Hemos registrado tu desistimiento");
    expect(await done.textContent()).toContain("Getafe");
    expect(await returns.textContent()).toContain("Devoluciones pendientes de recibir");
    // The two other lines may still be returned; the model form unfolds.
    expect(await returns.getByRole("checkbox").count()).toBe(2);
    await returns.getByText("Modelo de formulario de desistimiento (Anexo I B").click();
    expect(await returns.textContent()).toContain("Táchese lo que no proceda");
    expect(await severeViolations(page)).toEqual([]);

    const mail = await waitForMail(email, /Hemos registrado tu desistimiento/, owned.outbox());
    expect(mail).toContain("Getafe");

    // Staff receive the parcel: the line is refunded with its credit note.
    await owner.page.goto(owned.at(`/gestion/pedidos/${order.number}`));
    const receive = owner.page.getByRole("button", { name: /Paquete recibido/ });
    await expect.poll(() => receive.isVisible()).toBe(true);
    expect(await severeViolations(owner.page)).toEqual([]);
    await receive.click();
    await expect
      .poll(() => owner.page.getByRole("status").first().textContent())
      .toContain("Devolución recibida");
    await waitForMail(email, /Te devolvemos parte de tu pedido/, owned.outbox());
  });

  it("a Portuguese guest withdraws one line from the order mail's link, in another browser", async () => {
    const buyer = await session.newPage();
    const email = "desiste.convidada@example.com";
    const order = await buyInOwnShop(
      buyer,
      owned,
      { name: "Rui", lastName: "Lopes", email },
      { 3: 2, 5: 1 },
      { guest: true, lang: "pt" },
    );
    const owner = await theOwner();
    await deliver(owner, order.number);
    const mail = await waitForMail(email, /\/pedido\/\S+clave=/, owned.outbox());
    const link = /https?:\/\/\S+?\/pedido\/\S+?clave=[^\s"<]+/.exec(mail)?.[0] ?? "";
    expect(link).not.toBe("");

    // Another browser, signed in nowhere and never told a language (the guest's own session stayed
    // in the first): the link alone is enough, and it opens in the order's language.
    const page = await session.newPage();
    const url = new URL(link);
    await page.goto(owned.at(`${url.pathname}${url.search}`));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-PT");
    const returns = page.getByRole("region", { name: "Desistir / devolver produtos" });
    await expect.poll(() => returns.isVisible()).toBe(true);
    await returns.getByRole("checkbox").first().check();
    await returns.getByLabel(/Unidades de .* \(máx\. 2\)/).fill("1");
    await returns.getByRole("button", { name: "Desistir dos produtos assinalados" }).click();
    await expect
      .poll(() => returns.getByRole("status").textContent())
      .toContain("Registámos a sua desistência");
    await returns.getByText("Modelo de formulário de retratação (Anexo I B").click();
    expect(await severeViolations(page)).toEqual([]);
    // The guest is told by mail too, in Portuguese, with where to send the parcel.
    expect(await waitForMail(email, /Registámos a resolução do contrato/, owned.outbox())).toContain(
      "Getafe",
    );
  });
});
