import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { builtinCatalogSource } from "#catalog/builtin-catalog.ts";
import {
  CATALOG_IMPORT_APPLY_PATH,
  CATALOG_IMPORT_PREVIEW_PATH,
  type CatalogProduct,
  catalogImportRefusalSchema,
  catalogImportReportSchema,
  catalogListSchema,
  catalogProductSchema,
  type ProductFields,
} from "#shared/api/back-office-catalog-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { auditOf } from "../audit/staff-audit.ts";
import { startLiveCatalog } from "../catalog/live-catalog.ts";
import { createLogger } from "../logger.ts";
import type { StaffBrowser } from "../staff/staff-testing.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { body, shopperWithOrder } from "../testing/test-orders.ts";

let api: TestApi;
let owner: StaffBrowser;
let staff: StaffBrowser;

const API = "/api/gestion/catalog/products";
/** What these tests read of the storefront's product answer. */
const productDetailSchema = z.object({ priceCents: z.number().int(), texto: z.string() });
const refusal = z.object({ error: z.object({ code: z.string() }), product: catalogProductSchema.optional() });

beforeAll(async () => {
  api = await createTestApi();
  owner = await signedInStaff(api, "duena.catalogo@example.com", "owner");
  staff = await signedInStaff(api, "bea.catalogo@example.com", "staff");
});
afterAll(() => api.close());

async function read(id: number): Promise<CatalogProduct> {
  const response = await staff.get(`${API}/${id}`);
  expect(response.status).toBe(200);
  return catalogProductSchema.parse(await response.json());
}

async function edit(who: StaffBrowser, product: CatalogProduct, change: Partial<ProductFields>) {
  return who.post(`${API}/${product.id}`, {
    version: product.version,
    fields: { ...product.fields, ...change },
  });
}

async function storefront(id: number, lang = "es") {
  const response = await api.request(`/api/products/${id}?lang=${lang}`);
  return {
    status: response.status,
    product: response.ok ? productDetailSchema.parse(await response.json()) : null,
  };
}

describe("the back office's catalogue (decision 053)", () => {
  it("is for staff only", async () => {
    expect((await api.request(API)).status).toBe(401);
    expect((await api.request(`${API}/1`, { method: "POST" })).status).toBe(401);
  });

  it("lists every product, searched by name or code, filtered by category and state", async () => {
    const all = catalogListSchema.parse(await (await staff.get(API)).json());
    expect(all.total).toBe(api.catalog.listProducts().length);
    expect(all.items).toHaveLength(all.pageSize);
    const byCode = catalogListSchema.parse(await (await staff.get(`${API}?q=A0012`)).json());
    expect(byCode.items.map((row) => row.codigo)).toEqual(["A0012"]);
    const plush = catalogListSchema.parse(await (await staff.get(`${API}?category=Peluche&page=1`)).json());
    expect(plush.total).toBe(api.catalog.listProductsByCategory("Peluche").length);
    const hidden = catalogListSchema.parse(await (await staff.get(`${API}?state=hidden`)).json());
    expect(hidden.total).toBe(0);
    const bad = await staff.get(`${API}?state=gone&page=0`);
    expect(bad.status).toBe(400);
  });

  it("changes a price and both languages' names, on the storefront at once, audited", async () => {
    const before = await read(3);
    const pt = { ...before.fields.pt, texto: "Nome novo" };
    const response = await edit(staff, before, {
      priceCents: 4321,
      es: { ...before.fields.es, texto: "Nombre nuevo" },
      pt,
    });
    expect(response.status).toBe(200);
    const after = catalogProductSchema.parse(await response.json());
    expect(after.version).toBe(before.version + 1);
    expect(after.fields.priceCents).toBe(4321);
    const es = await storefront(3);
    expect(es.product?.priceCents).toBe(4321);
    expect(es.product?.texto).toBe("Nombre nuevo");
    expect((await storefront(3, "pt")).product?.texto).toBe("Nome novo");
    expect(api.catalog.search("Nombre nuevo").map((p) => p.id)).toContain(3);
    const audit = await auditOf(api.database.db, "product", "3");
    expect(audit.map((entry) => entry.action)).toEqual(["product.edit"]);
    expect(audit[0]?.before).toMatchObject({ priceCents: before.fields.priceCents });
    expect(audit[0]?.after).toMatchObject({ priceCents: 4321 });
  });

  it("refuses the later of two edits made from the same version, and loses neither", async () => {
    const seen = await read(5);
    const [first, second] = await Promise.all([
      edit(staff, seen, { priceCents: 1111 }),
      edit(owner, seen, { codigo: "X-5" }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    const body = refusal.parse(await loser.json());
    expect(body.error.code).toBe("stale-version");
    expect(body.product?.version).toBe(seen.version + 1);
    const now = await read(5);
    expect(now.version).toBe(seen.version + 1);
    const won = first.status === 200 ? { priceCents: 1111 } : { codigo: "X-5" };
    expect(now.fields).toMatchObject(won);
  });

  it("hides a product (404 in the shop, out of lists and search) and publishes it again", async () => {
    const product = await read(7);
    const name = product.fields.es.texto;
    const hidden = await staff.post(`${API}/7/hide`, { version: product.version });
    expect(hidden.status).toBe(200);
    expect((await storefront(7)).status).toBe(404);
    expect(api.catalog.listProducts().some((p) => p.id === 7)).toBe(false);
    expect(api.catalog.search(name).some((p) => p.id === 7)).toBe(false);
    expect(api.catalog.getAnyProduct(7)?.texto).toBe(name);
    const list = catalogListSchema.parse(await (await staff.get(`${API}?state=hidden`)).json());
    expect(list.items.map((row) => row.id)).toEqual([7]);
    const again = catalogProductSchema.parse(await hidden.json());
    const stale = await staff.post(`${API}/7/publish`, { version: product.version });
    expect(stale.status).toBe(409);
    expect((await staff.post(`${API}/7/publish`, { version: again.version })).status).toBe(200);
    expect((await storefront(7)).status).toBe(200);
    expect(api.catalog.search(name).some((p) => p.id === 7)).toBe(true);
    const actions = (await auditOf(api.database.db, "product", "7")).map((entry) => entry.action);
    expect(actions).toEqual(["product.hide", "product.publish"]);
  });

  it("keeps a hidden product in the orders that have it, for the buyer and for staff", async () => {
    const { shopper, order } = await shopperWithOrder(api, "compradora.oculto@example.com", { 9: 1 });
    const bought = api.catalog.getAnyProduct(9);
    if (!bought) throw new Error("no product 9");
    const product = await read(9);
    expect((await staff.post(`${API}/9/hide`, { version: product.version })).status).toBe(200);
    expect((await storefront(9)).status).toBe(404);

    const seen = await body<OrderView>(await shopper("GET", `/api/orders/${order.id}`), 200);
    expect(seen.lines).toEqual([
      expect.objectContaining({
        productId: 9,
        name: bought.texto,
        unitCents: bought.priceCents,
        quantity: 1,
      }),
    ]);
    const staffView = await staff.get(`/api/gestion/orders/${order.number}`);
    expect(staffView.status).toBe(200);
    expect(JSON.stringify(await staffView.json())).toContain(bought.texto);
    // Staff still restock it while it is hidden, from its stock page.
    expect((await staff.get("/api/gestion/stock/9")).status).toBe(200);
    const restock = await staff.post("/api/gestion/stock/9/adjustments", { reason: "restock", quantity: 2 });
    expect(restock.status).toBe(201);

    const hidden = await read(9);
    expect((await staff.post(`${API}/9/publish`, { version: hidden.version })).status).toBe(200);
  });

  it("answers bad input with 4xx and a JSON error, and changes nothing", async () => {
    const product = await read(9);
    const cases: unknown[] = [
      { version: product.version, fields: { ...product.fields, priceCents: -1 } },
      { version: product.version, fields: { ...product.fields, priceCents: 1.5 } },
      { version: product.version, fields: { ...product.fields, es: { ...product.fields.es, texto: " " } } },
      { version: product.version, fields: { ...product.fields, imagen: "javascript:alert(1)" } },
      { version: product.version, fields: { ...product.fields, imagen: "/media/../../etc/passwd" } },
      { version: product.version, fields: { ...product.fields, codigo: "a\u0007b" } },
      { version: product.version },
      "not json",
    ];
    for (const body of cases) {
      const response = await staff.post(`${API}/9`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toHaveProperty("error.code");
    }
    expect((await staff.post(`${API}/999999`, { version: 1, fields: product.fields })).status).toBe(404);
    expect((await staff.get(`${API}/abc`)).status).toBe(400);
    expect((await read(9)).version).toBe(product.version);
  });
});

describe("a catalogue file imported from the back office", () => {
  const file = () =>
    builtinCatalogSource().products.map((record) =>
      record.id === 13 ? { ...record, texto: "Importado trece" } : record,
    );

  it("is for the owner: a preview of what it adds, changes and leaves, then applied as it was previewed", async () => {
    expect((await staff.post(CATALOG_IMPORT_PREVIEW_PATH, file())).status).toBe(403);
    const preview = await owner.post(CATALOG_IMPORT_PREVIEW_PATH, file());
    expect(preview.status).toBe(200);
    const report = catalogImportReportSchema.parse(await preview.json());
    expect(report.changed.ids).toContain(13);
    expect(report.added.count).toBe(0);
    expect(api.catalog.getProduct(13)?.texto).not.toBe("Importado trece");
    const applied = await owner.post(`${CATALOG_IMPORT_APPLY_PATH}?revision=${report.revision}`, file());
    expect(applied.status).toBe(200);
    expect(catalogImportReportSchema.parse(await applied.json()).changed.ids).toContain(13);
    expect((await storefront(13)).product?.texto).toBe("Importado trece");
    const again = await owner.post(`${CATALOG_IMPORT_APPLY_PATH}?revision=${report.revision}`, file());
    expect(again.status).toBe(409);
    const audit = await auditOf(api.database.db, "catalog", String(report.revision + 1));
    expect(audit.map((entry) => entry.action)).toEqual(["catalog.import"]);
  });

  it("refuses a file that is no JSON or that the importer refuses, with its errors", async () => {
    const notJson = await api.request(CATALOG_IMPORT_PREVIEW_PATH, {
      method: "POST",
      headers: {
        origin: "http://localhost:3000",
        cookie: owner.cookie(),
        "content-type": "application/json",
      },
      body: "[{",
    });
    expect(notJson.status).toBe(400);
    const refused = await owner.post(CATALOG_IMPORT_PREVIEW_PATH, [{ id: 1 }, { id: 1 }]);
    expect(refused.status).toBe(400);
    const body = catalogImportRefusalSchema.parse(await refused.json());
    expect(body.errors.length).toBeGreaterThan(0);
    expect((await owner.post(`${CATALOG_IMPORT_APPLY_PATH}?revision=x`, file())).status).toBe(400);
  });
});

describe("a catalogue change reaches another process on the same database", () => {
  it("is read by a second live catalogue within a moment of its NOTIFY", async () => {
    // On PostgreSQL the second one has a pool of its own, as another machine would.
    const handle = (await api.database.openAnother?.()) ?? api.database;
    const other = await startLiveCatalog(handle, createLogger({ LOG_LEVEL: "silent" }));
    try {
      const heard = new Promise<number>((resolve) => other.onChange(resolve));
      const product = await read(11);
      const response = await edit(staff, product, { priceCents: 777 });
      expect(response.status).toBe(200);
      const revision = await heard;
      expect(revision).toBe(api.catalog.revision());
      expect(other.getProduct(11)?.priceCents).toBe(777);
    } finally {
      await other.close();
      if (handle !== api.database) await handle.close();
    }
  });
});
