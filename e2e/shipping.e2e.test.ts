import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { severeViolations } from "./support/axe.ts";
import { baseUrl, setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { registerShopper } from "./support/register.ts";
import { placeOrder, prepareCheckout } from "./support/shopper-api.ts";

const session = setUpBrowser();

const operatorToken = () => readFileSync(join(inject("outboxDir"), "..", "operator-token"), "utf8").trim();

const trackingUrl = "https://seguimiento.envios-veloz.example/envio/E2E-SHIP-1";

describe("shipping with a tracking number (issue 30)", () => {
  it("the operator ships: the open order page, the mail and the order's link show the carrier, number and link", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    const email = "envio.seguido@example.com";
    await registerShopper(page, { name: "Sara", lastName: "Vidal", email });
    await prepareCheckout(page);
    const order = await placeOrder(page);
    await page.goto(`/detalle/compra/${order.id}`);
    await main.getByRole("link", { name: /Descargar la factura F\d{4}-\d{6}/ }).waitFor();
    expect(await main.getByRole("link", { name: "Seguir mi envío" }).count()).toBe(0);

    const headers = { origin: baseUrl(), authorization: `Bearer ${operatorToken()}` };
    const refused = await page.request.post(`/api/operator/orders/${order.number}/ship`, {
      data: { carrier: "palomas", trackingNumber: "E2E-SHIP-1" },
      headers,
    });
    expect(refused.status()).toBe(400);
    const shipped = await page.request.post(`/api/operator/orders/${order.number}/ship`, {
      data: { carrier: "envios-veloz", trackingNumber: "e2e-ship-1" },
      headers,
    });
    expect(shipped.status(), await shipped.text()).toBe(200);

    // The page the shopper has open follows by itself (the live stream), no reload.
    const follow = main.getByRole("link", { name: "Seguir mi envío" });
    await expect.poll(() => follow.count()).toBe(1);
    expect(await main.textContent()).toContain("Transportista: Envíos Veloz");
    expect(await main.textContent()).toContain("Número de seguimiento: E2E-SHIP-1");
    expect(await follow.getAttribute("href")).toBe(trackingUrl);
    expect(await follow.getAttribute("target")).toBe("_blank");
    expect(await follow.getAttribute("rel")).toContain("noopener");
    expect(await severeViolations(page)).toEqual([]);

    const mail = await waitForMail(email, new RegExp(`Subject: Novedades de tu pedido ${order.number}`));
    expect(mail).toContain(trackingUrl);
    expect(mail).toContain("E2E-SHIP-1");

    // The order's signed link, from that mail, shows the same parcel.
    const link = mail.match(/\/pedido\/[0-9a-f-]{36}\?clave=[\w.-]+/)?.[0] ?? "";
    expect(link).not.toBe("");
    await page.goto(link);
    const linked = main.getByRole("link", { name: "Seguir mi envío" });
    await linked.waitFor();
    expect(await linked.getAttribute("href")).toBe(trackingUrl);
    expect(await linked.getAttribute("rel")).toContain("noopener");
    expect(await severeViolations(page)).toEqual([]);
    expect(session.errors).toEqual([]);
  }, 60_000);
});
