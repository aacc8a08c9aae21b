import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { backOfficeOrderApi } from "#shared/api/back-office-order-contract.ts";
import { severeViolations } from "./support/axe.ts";
import { type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/outbox.ts";
import { buyInOwnShop, ownerOf } from "./support/own-shop-order.ts";

const session = setUpBrowser();
let owned: ShopWithOwner;

beforeAll(async () => {
  owned = await startShopWithOwner("opiniones", "duena.opiniones@example.com");
}, 240_000);
afterAll(async () => {
  await owned?.shop.stop();
});

const PRODUCT = 3;
const productBlock = z.object({ "@type": z.literal("Product"), "@id": z.string() });

describe("reviews from verified buyers (issue 33)", () => {
  it("a delivered order's buyer follows the mail's link and reviews; staff approve; the product page shows it", async () => {
    const page = await session.newPage();
    const email = "opina.compradora@example.com";
    const order = await buyInOwnShop(
      page,
      owned,
      { name: "Lucía", lastName: "Mora", email },
      { [PRODUCT]: 1 },
    );
    const owner = await ownerOf(() => session.newPage(), owned);
    await owner.act(order.number, "ship", { carrier: "envios-veloz", trackingNumber: "e2e-opina-1" });
    const delivered = await owner.page.request.post(
      owned.at(backOfficeOrderApi.action(order.number, "deliver")),
      {
        data: {},
        headers: { origin: owned.shop.baseUrl },
      },
    );
    expect(delivered.status()).toBe(200);

    // No review yet: the product page says so, with no figures and no rating in its data.
    // The server draws them (crawlers read them); the shopper scrolls down to them.
    const drawn = await page.request.get(owned.at(`/detalle/${PRODUCT}`));
    expect(await drawn.text()).toContain("aún no tiene opiniones");
    await page.goto(owned.at(`/detalle/${PRODUCT}`));
    await page.locator("#opiniones").scrollIntoViewIfNeeded();
    const reviews = page.getByRole("region", { name: "Opiniones de clientes" });
    await expect.poll(() => reviews.textContent()).toContain("aún no tiene opiniones");
    expect(await page.content()).not.toContain("aggregateRating");

    const mail = await waitForMail(email, /\/opinar\/[0-9a-f-]{36}/, owned.outbox());
    const link = /https?:\/\/\S+?\/opinar\/[0-9a-f-]{36}/.exec(mail)?.[0] ?? "";
    expect(link).not.toBe("");
    const path = new URL(link).pathname;
    await page.goto(owned.at(path), { waitUntil: "domcontentloaded" });
    expect(await page.getAttribute("html", "lang")).toBe("es");
    expect(await severeViolations(page)).toEqual([]);
    // Too short once trimmed (the browser's own check counts the spaces): the page says why.
    await page.getByRole("radio", { name: /4 estrellas/ }).check();
    await page.getByLabel(/Tu opinión/).fill("Bonito      ");
    await page.getByLabel(/Nombre que se mostrará/).fill("Lucía M.");
    await page.getByRole("button", { name: "Enviar opinión" }).click();
    expect(await page.getByRole("alert").textContent()).toContain("al menos 10 caracteres");
    expect(await severeViolations(page)).toEqual([]);
    await page.getByLabel(/Tu opinión/).fill("Un robot precioso: mi hijo no se separa de él.");
    await page.getByRole("button", { name: "Enviar opinión" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("¡Gracias por tu opinión!");

    // Staff approve it in the back office.
    const staffPage = owner.page;
    await staffPage.goto(owned.at("/gestion/opiniones"));
    const row = staffPage.getByRole("row", { name: /Un robot precioso/ });
    expect(await row.textContent()).toContain("Pendiente");
    expect(await severeViolations(staffPage)).toEqual([]);
    await row.getByRole("button", { name: /Publicar/ }).click();
    await expect.poll(() => row.textContent()).toContain("Publicada");

    // The product's page shows the real figures, the review and its structured data.
    await page.goto(owned.at(`/detalle/${PRODUCT}`));
    await page.locator("#opiniones").scrollIntoViewIfNeeded();
    await expect.poll(() => reviews.textContent()).toContain("4,0 de 5");
    const text = (await reviews.textContent()) ?? "";
    expect(text).toContain("1 opinión");
    expect(text).toContain("Lucía M.");
    expect(text).toContain("Compra verificada");
    expect(await page.content()).toContain("aggregateRating");
    // One product in the structured data: its offer's block and its reviews' name the same @id.
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const products = blocks
      .map((text) => productBlock.safeParse(JSON.parse(text)))
      .flatMap((block) => (block.success ? [block.data] : []));
    expect(products.length).toBe(2);
    expect(new Set(products.map((block) => block["@id"]))).toEqual(
      new Set([owned.at(`/detalle/${PRODUCT}`)]),
    );
    expect(await severeViolations(page)).toEqual([]);

    // The link works once.
    await page.goto(owned.at(path), { waitUntil: "domcontentloaded" });
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Ya has opinado");
  });

  it("the review pages and «Como verificamos as opiniões» in Portuguese pass axe", async () => {
    const page = await session.newPage();
    await page.context().addCookies([{ name: "lang", value: "pt", url: owned.shop.baseUrl }]);
    const unknown = await page.goto(owned.at("/opinar/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f"), {
      waitUntil: "domcontentloaded",
    });
    expect(unknown?.status()).toBe(404);
    expect(await page.getAttribute("html", "lang")).toBe("pt");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Ligação inválida");
    expect(await severeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Como verificamos as opiniões" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Como verificamos as opiniões");
    expect(await severeViolations(page)).toEqual([]);
  });
});
