import { readFile } from "node:fs/promises";
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
  owned = await startShopWithOwner("reembolsos", "duena.reembolsos@example.com");
}, 240_000);
afterAll(async () => {
  await owned?.shop.stop();
});

describe("refunds by line (issue 27, decision 038)", () => {
  it("staff give back one line: the open order page shows it live, with its credit note to download", async () => {
    const page = await session.newPage();
    const main = page.locator("main");
    const email = "refund.line@example.com";
    const order = await buyInOwnShop(page, owned, { name: "Rita", lastName: "Lobo", email }, { 3: 1, 36: 1 });
    await page.goto(owned.at(`/detalle/compra/${order.id}`));
    await main.getByRole("link", { name: /Descargar la factura F\d{4}-\d{6}/ }).waitFor();
    expect(await main.getByText(/Reembolsadas/).count()).toBe(0);

    // The owner refunds the first line from the back office (a damaged unit, not put back on sale).
    const owner = await ownerOf(() => session.newPage(), owned);
    const refunded = await owner.act(
      order.number,
      "refund",
      { lines: [{ position: 0, quantity: 1 }], restock: false, note: "Llegó roto" },
      201,
    );
    const creditNote = refunded.refunds[0]?.creditNote ?? "";
    expect(creditNote).toMatch(/^A\d{4}-\d{6}$/);

    // The page the shopper has open follows by itself (the live stream), no reload.
    await expect.poll(() => main.getByText("Reembolsadas: 1").count()).toBe(1);
    const link = main.getByRole("link", { name: `Descargar la factura de abono ${creditNote} (PDF)` });
    await expect.poll(() => link.count()).toBe(1);
    const download = page.waitForEvent("download");
    await link.click();
    expect((await readFile(await (await download).path())).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await main.textContent()).toContain("Pagado");

    const mail = await waitForMail(email, /Subject: Te devolvemos parte de tu pedido/, owned.outbox());
    expect(mail).toContain(creditNote);
    expect(await severeViolations(page)).toEqual([]);
    expect(session.errors).toEqual([]);
  }, 120_000);
});
