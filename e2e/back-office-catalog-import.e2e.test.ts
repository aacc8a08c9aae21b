import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import products from "#catalog/data/products.json" with { type: "json" };
import { centsFromEuros, eurosFromCents } from "#catalog/euros.ts";
import { formatPrice } from "#shared/money.ts";
import { severeViolations } from "./support/axe.ts";
import { type ShopWithOwner, startShopWithOwner } from "./support/back-office-shop.ts";
import { setUpBrowser } from "./support/browser.ts";
import { ownerOf } from "./support/own-shop-order.ts";

const session = setUpBrowser();

// The command line and a fresh database take their time on a busy two-core machine.
const SLOW = 240_000;

type SourceRecord = (typeof products)[number];
const record = (id: number): SourceRecord => {
  const found = products.find((each) => each.id === id);
  if (!found) throw new Error(`the built-in catalogue's file has product ${id}`);
  return found;
};
/** Filed under "Regalo": written "RegaloRegalo" in the file, which the importer repairs. */
const REPAIRED = record(157);
/** Dearer in the file. */
const PRICED = record(47);
const NEW_PRICE_CENTS = 2345;
/** Left out of the file: unless the owner asks to hide it, it stays in the shop. */
const LEFT_OUT = products.at(-1) as SourceRecord;
/** Changed by someone else between the preview and the import. */
const RACED = record(61);

/** The built-in catalogue as a file, with one repairable quirk, one price changed and one product left out. */
function editedFile(): Buffer {
  const records = products
    .filter((each) => each.id !== LEFT_OUT.id)
    .map((each) => {
      if (each.id === REPAIRED.id) return { ...each, subcategoria4: "RegaloRegalo" };
      if (each.id === PRICED.id) return { ...each, precio: eurosFromCents(NEW_PRICE_CENTS) };
      return each;
    });
  return Buffer.from(JSON.stringify(records, null, 2));
}

describe("the back office's catalogue import (issue 32)", () => {
  const owner = `duena-importa-${Date.now()}@example.com`;
  let own: ShopWithOwner | undefined;
  let page: Page;
  beforeAll(async () => {
    own = await startShopWithOwner("importar", owner);
    page = (await ownerOf(() => session.newPage(), own)).page;
  }, SLOW);
  afterAll(async () => {
    await own?.shop.stop();
  });
  const at = (path: string) => own?.at(path) ?? path;

  /** The owner opens the import from the catalogue list, chooses a file and asks for its preview. */
  async function preview(name: string, buffer: Buffer) {
    const main = page.getByRole("main");
    await page.goto(at("/gestion/catalogo"));
    await main.getByRole("link", { name: "Importar catálogo" }).click();
    await main.getByRole("heading", { name: "Importar catálogo", level: 1 }).waitFor();
    await main.getByLabel("Archivo del catálogo (.json)").setInputFiles({
      name,
      mimeType: "application/json",
      buffer,
    });
    await main.getByRole("button", { name: "Ver la vista previa" }).click();
    return main;
  }

  /** Someone else edits a product's price through the back office's API (as its page does). */
  async function raisePrice(id: number) {
    const path = at(`/api/gestion/catalog/products/${id}`);
    const read = (await (await page.request.get(path)).json()) as {
      version: number;
      fields: { priceCents: number };
    };
    const saved = await page.request.post(path, {
      data: { version: read.version, fields: { ...read.fields, priceCents: read.fields.priceCents + 100 } },
      headers: { origin: own?.shop.baseUrl ?? "" },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  it(
    "refuses a file that is not JSON before sending it, and shows the importer's errors for a duplicated id",
    async () => {
      let main = await preview("notas.json", Buffer.from("id;texto\n1;Gato"));
      await main.getByText("El archivo no es JSON válido.").waitFor();

      const duplicated = [...products, { ...record(1), texto: "Otra goma" }];
      main = await preview("duplicado.json", Buffer.from(JSON.stringify(duplicated)));
      await main.getByRole("heading", { name: "El archivo tiene errores", level: 2 }).waitFor();
      await expect
        .poll(() =>
          main.getByRole("alert").filter({ hasText: "El archivo no se puede importar" }).textContent(),
        )
        .toBe("El archivo no se puede importar: tiene 1 error.");
      expect(await main.getByRole("list", { name: /Errores/ }).textContent()).toContain(
        `record ${products.length} (id 1) id: already the id of record 0; ids must be unique.`,
      );
      expect(await main.getByRole("button", { name: "Aplicar la importación" }).count()).toBe(0);
      expect(await severeViolations(page)).toEqual([]);
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );

  it(
    "previews a file with a repair and a new price, applies it after the catalogue changed, and the shop shows the price",
    async () => {
      const visitor = await session.newPage();
      await visitor.goto(at(`/detalle/${PRICED.id}`));
      expect(await visitor.locator("main").textContent()).toContain(
        formatPrice(centsFromEuros(PRICED.precio), "es"),
      );

      const main = await preview("catalogo.json", editedFile());
      await main.getByRole("heading", { name: "Vista previa", level: 2 }).waitFor();
      const counts = main.getByRole("status").filter({ hasText: "sin cambios" });
      await expect
        .poll(() => counts.textContent())
        .toBe(`0 nuevos, 1 cambiado, ${products.length - 2} sin cambios, 1 que no está en el archivo`);
      expect(await main.getByRole("list", { name: /Reparaciones/ }).textContent()).toContain(
        `(id ${REPAIRED.id}) subcategoria4: "RegaloRegalo" renamed to "Regalo".`,
      );
      await main.getByRole("heading", { name: "Avisos (0)" }).waitFor();
      const hide = main.getByRole("checkbox", { name: "Ocultar el producto que no está en el archivo" });
      expect(await hide.isChecked()).toBe(false);
      expect(await severeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: "/tmp/back-office-catalog-import-390.png", fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      // Someone changes a product after the preview: the import is refused, nothing is applied.
      await raisePrice(RACED.id);
      await main.getByRole("button", { name: "Aplicar la importación" }).click();
      const question = main.getByRole("group", { name: /¿Aplicar la importación\?/ });
      await expect.poll(() => question.textContent()).toContain("Se cambiará 1.");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancelar");
      await question.getByRole("button", { name: "Sí, aplicar" }).click();
      await main
        .getByRole("alert")
        .filter({ hasText: "El catálogo ha cambiado desde la vista previa; vuelve a previsualizar" })
        .waitFor();

      // Previewed again, the file would also put that product back as the file has it.
      await main.getByRole("button", { name: "Volver a previsualizar" }).click();
      await expect.poll(() => counts.textContent()).toMatch(/^0 nuevos, 2 cambiados, /);
      await main.getByRole("button", { name: "Aplicar la importación" }).click();
      await question.getByRole("button", { name: "Sí, aplicar" }).click();
      await main.getByRole("heading", { name: "Importación aplicada", level: 2 }).waitFor();
      await expect
        .poll(() => main.getByRole("status").textContent())
        .toContain("0 productos nuevos, 2 cambiados");
      expect(await main.getByRole("status").textContent()).toContain(
        "El producto que no está en el archivo sigue como estaba.",
      );
      expect(await main.getByRole("link", { name: "Volver al catálogo" }).getAttribute("href")).toBe(
        "/gestion/catalogo",
      );

      // The shop shows the file's price; the product the file left out is still there.
      await expect
        .poll(async () => {
          await visitor.goto(at(`/detalle/${PRICED.id}`));
          return visitor.locator("main").textContent();
        })
        .toContain(formatPrice(NEW_PRICE_CENTS, "es"));
      expect((await visitor.request.get(at(`/detalle/${LEFT_OUT.id}`))).status()).toBe(200);
      expect(session.errors).toEqual([]);
    },
    SLOW,
  );
});
