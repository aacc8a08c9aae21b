import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { severeViolations } from "./support/axe.ts";
import { baseUrl, setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { registerShopper } from "./support/register.ts";
import { placeOrder, prepareCheckout } from "./support/shopper-api.ts";

const session = setUpBrowser();

const operatorToken = () => readFileSync(join(inject("outboxDir"), "..", "operator-token"), "utf8").trim();

describe("refunds by line (issue 27, decision 038)", () => {
  it("the operator gives back one line: the open order page shows it live, with its credit note to download", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    const email = "refund.line@example.com";
    await registerShopper(page, { name: "Rita", lastName: "Lobo", email });
    await prepareCheckout(page);
    const headers = { origin: baseUrl() };
    expect((await page.request.post("/api/cart/36", { data: { cantidad: 1 }, headers })).status()).toBe(200);
    const order = await placeOrder(page);
    await page.goto(`/detalle/compra/${order.id}`);
    await main.getByRole("link", { name: /Descargar la factura F\d{4}-\d{6}/ }).waitFor();
    expect(await main.getByText(/Reembolsadas/).count()).toBe(0);

    // The operator refunds the first line (a damaged unit, not put back on sale).
    const refunded = await page.request.post(`/api/operator/orders/${order.number}/refunds`, {
      data: { lines: [{ position: 0, quantity: 1 }], restock: false, note: "Llegó roto" },
      headers: { ...headers, authorization: `Bearer ${operatorToken()}` },
    });
    expect(refunded.status(), await refunded.text()).toBe(201);
    const { creditNote } = (await refunded.json()) as { creditNote: string };

    // The page the shopper has open follows by itself (the live stream), no reload.
    await expect.poll(() => main.getByText("Reembolsadas: 1").count()).toBe(1);
    const link = main.getByRole("link", { name: `Descargar la factura de abono ${creditNote} (PDF)` });
    await expect.poll(() => link.count()).toBe(1);
    const download = page.waitForEvent("download");
    await link.click();
    expect((await readFile(await (await download).path())).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await main.textContent()).toContain("Pagado");

    const mail = await waitForMail(email, /Subject: Te devolvemos parte de tu pedido/);
    expect(mail).toContain(creditNote);
    expect(await severeViolations(page)).toEqual([]);
    expect(session.errors).toEqual([]);
  });
});
