import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { severeViolations } from "./support/axe.ts";
import { type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { buyInOwnShop, ownerOf } from "./support/own-shop-order.ts";

const session = setUpBrowser();
// A shop of this file's own: its owner invited from the terminal before it starts (decision 047).
let owned: ShopWithOwner;

beforeAll(async () => {
  owned = await startShopWithOwner("envios", "duena.envios@example.com");
}, 240_000);
afterAll(async () => {
  await owned?.shop.stop();
});

const trackingUrl = "https://seguimiento.envios-veloz.example/envio/E2E-SHIP-1";

describe("shipping with a tracking number (issue 30)", () => {
  it("staff ship: the open order page, the mail and the order's link show the carrier, number and link", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    const email = "envio.seguido@example.com";
    const order = await buyInOwnShop(page, owned, { name: "Sara", lastName: "Vidal", email }, { 3: 1 });
    await page.goto(owned.at(`/detalle/compra/${order.id}`));
    await main.getByRole("link", { name: /Descargar la factura F\d{4}-\d{6}/ }).waitFor();
    expect(await main.getByRole("link", { name: "Seguir mi envío" }).count()).toBe(0);

    const owner = await ownerOf(() => session.newPage(), owned);
    const refused = await owner.send(order.number, "ship", {
      carrier: "palomas",
      trackingNumber: "E2E-SHIP-1",
    });
    expect(refused.status()).toBe(400);
    const shipped = await owner.act(order.number, "ship", {
      carrier: "envios-veloz",
      trackingNumber: "e2e-ship-1",
    });
    expect(shipped).toMatchObject({
      status: "enviado",
      shipment: { number: "E2E-SHIP-1", url: trackingUrl },
    });

    // The page the shopper has open follows by itself (the live stream), no reload.
    const follow = main.getByRole("link", { name: "Seguir mi envío" });
    await expect.poll(() => follow.count()).toBe(1);
    expect(await main.textContent()).toContain("Transportista: Envíos Veloz");
    expect(await main.textContent()).toContain("Número de seguimiento: E2E-SHIP-1");
    expect(await follow.getAttribute("href")).toBe(trackingUrl);
    expect(await follow.getAttribute("target")).toBe("_blank");
    expect(await follow.getAttribute("rel")).toContain("noopener");
    expect(await severeViolations(page)).toEqual([]);

    const mail = await waitForMail(
      email,
      new RegExp(`Subject: Novedades de tu pedido ${order.number}`),
      owned.outbox(),
    );
    expect(mail).toContain(trackingUrl);
    expect(mail).toContain("E2E-SHIP-1");

    // The order's signed link, from that mail, shows the same parcel.
    const link = mail.match(/\/pedido\/[0-9a-f-]{36}\?clave=[\w.-]+/)?.[0] ?? "";
    expect(link).not.toBe("");
    await page.goto(owned.at(link));
    const linked = main.getByRole("link", { name: "Seguir mi envío" });
    await linked.waitFor();
    expect(await linked.getAttribute("href")).toBe(trackingUrl);
    expect(await linked.getAttribute("rel")).toContain("noopener");
    expect(await severeViolations(page)).toEqual([]);
    expect(session.errors).toEqual([]);
  }, 120_000);
});
