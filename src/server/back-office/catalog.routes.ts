import type { Context } from "hono";
import { Hono } from "hono";
import {
  CATALOG_FILE_MAX_BYTES,
  CATALOG_IMPORT_APPLY_PATH,
  CATALOG_IMPORT_PREVIEW_PATH,
  type CatalogProduct,
  catalogImportApplyQuerySchema,
  catalogListQuerySchema,
  catalogProductParamSchema,
  productEditSchema,
  productVersionSchema,
  STALE_VERSION,
} from "#shared/api/back-office-catalog-contract.ts";
import { recordAudit } from "../audit/staff-audit.ts";
import { applyCatalogImport, type ImportOutcome, previewCatalogImport } from "../catalog/catalog-import.ts";
import { changeCatalog } from "../catalog/catalog-store.ts";
import { importReport } from "../catalog/import-report.ts";
import type { LargerBody } from "../http/answer-policy.ts";
import { apiError, validate } from "../http/validate.ts";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";
import {
  catalogProductView,
  changeProduct,
  columnsOfFields,
  listCatalogProducts,
  type ProductChange,
  readCatalogProduct,
} from "./catalog-products.ts";

const notFound = apiError("product-not-found", "No such product");

/** The two import routes take a catalogue file as their body (decision 053). */
export const CATALOG_IMPORT_BODIES: LargerBody[] = [
  CATALOG_IMPORT_PREVIEW_PATH,
  CATALOG_IMPORT_APPLY_PATH,
].map((path) => ({
  path,
  maxSize: CATALOG_FILE_MAX_BYTES,
  onError: (c) =>
    c.json(apiError("catalog-too-large", "The catalogue file is too large for the back office"), 413),
}));

/** The request's body as JSON, or undefined when it is none. */
async function fileOf(c: Context<StaffEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/** The audit's picture of a product: what staff edit, and whether it is shown. */
const audited = (row: Parameters<typeof catalogProductView>[0]) => {
  const { fields, published } = catalogProductView(row);
  return { ...fields, published };
};

/**
 * The back office's catalogue (issue 32, decision 053): every product, hidden ones too, searched
 * and filtered; one product's fields edited whole with the version read, published and hidden,
 * by any staff member. Each change raises the catalogue's revision, is audited in its
 * transaction, and is on every storefront page of every process within a moment.
 */
export function catalogProductRoutes({ db, catalog, staff }: BackOfficeDeps) {
  const params = validate("param", catalogProductParamSchema);

  /** Answers a change once this process's storefront shows it (the others follow its NOTIFY). */
  async function answer(c: Context<StaffEnv>, outcome: ProductChange) {
    if (!outcome.ok && outcome.error === "product-not-found") return c.json(notFound, 404);
    if (!outcome.ok) {
      const message = "Someone else changed this product since it was read";
      return c.json(
        { ...apiError(STALE_VERSION, message), product: catalogProductView(outcome.current) },
        409,
      );
    }
    await catalog.refresh();
    const body: CatalogProduct = catalogProductView(outcome.after);
    return c.json(body);
  }

  function publication(published: boolean) {
    return async (c: Context<StaffEnv>, id: number, version: number) => {
      const outcome = await changeCatalog(db, async (tx, revision) => {
        const done = await changeProduct(tx, id, version, revision, { published });
        if (done.ok)
          await recordAudit(tx, c.get("staff"), {
            action: published ? "product.publish" : "product.hide",
            subjectType: "product",
            subjectId: String(id),
            before: { published: done.before.published },
            after: { published },
          });
        return done;
      });
      return answer(c, outcome);
    };
  }
  /** A refused import, or its report once this process reads the catalogue it made. */
  async function importAnswer(c: Context<StaffEnv>, outcome: ImportOutcome, hidMissing: boolean) {
    if (outcome.ok) {
      if (outcome.plan.revision > catalog.revision()) await catalog.refresh();
      return c.json(importReport(outcome.plan, hidMissing));
    }
    if (outcome.error === "catalog-changed") {
      const message = "The catalogue changed since the preview; preview the file again";
      return c.json({ ...apiError("catalog-changed", message), revision: outcome.revision }, 409);
    }
    const message = `The importer refused the file: ${outcome.errors.length} error(s)`;
    return c.json({ ...apiError("catalog-invalid", message), errors: outcome.errors.slice(0, 500) }, 400);
  }
  const notJson = apiError("catalog-not-json", "The catalogue file is not JSON");
  const owner = staff.requireStaff({ role: "owner" });

  const publish = publication(true);
  const hide = publication(false);

  return new Hono<StaffEnv>()
    .get("/products", validate("query", catalogListQuerySchema), async (c) =>
      c.json(await listCatalogProducts(db, c.req.valid("query"))),
    )
    .get("/products/:id", params, async (c) => {
      const row = await readCatalogProduct(db, c.req.valid("param").id);
      if (!row) return c.json(notFound, 404);
      const body: CatalogProduct = catalogProductView(row);
      return c.json(body);
    })
    .post("/products/:id", params, validate("json", productEditSchema), async (c) => {
      const { id } = c.req.valid("param");
      const { version, fields } = c.req.valid("json");
      const outcome = await changeCatalog(db, async (tx, revision) => {
        const done = await changeProduct(tx, id, version, revision, columnsOfFields(fields));
        if (done.ok)
          await recordAudit(tx, c.get("staff"), {
            action: "product.edit",
            subjectType: "product",
            subjectId: String(id),
            before: audited(done.before),
            after: audited(done.after),
          });
        return done;
      });
      return answer(c, outcome);
    })
    .post("/products/:id/publish", params, validate("json", productVersionSchema), async (c) =>
      publish(c, c.req.valid("param").id, c.req.valid("json").version),
    )
    .post("/products/:id/hide", params, validate("json", productVersionSchema), async (c) =>
      hide(c, c.req.valid("param").id, c.req.valid("json").version),
    )
    .post("/import/preview", owner, async (c) => {
      const file = await fileOf(c);
      if (file === undefined) return c.json(notJson, 400);
      return importAnswer(c, await previewCatalogImport(db, file), false);
    })
    .post("/import/apply", owner, validate("query", catalogImportApplyQuerySchema), async (c) => {
      const { revision, hideMissing } = c.req.valid("query");
      const file = await fileOf(c);
      if (file === undefined) return c.json(notJson, 400);
      const outcome = await applyCatalogImport(db, file, {
        hideMissing,
        expectedRevision: revision,
        record: (tx, plan) =>
          recordAudit(tx, c.get("staff"), {
            action: "catalog.import",
            subjectType: "catalog",
            subjectId: String(plan.revision),
            after: {
              added: plan.added.length,
              changed: plan.changed.length,
              unchanged: plan.unchanged.length,
              hidden: hideMissing ? plan.missing.length : 0,
              repairs: plan.repairs.length,
              warnings: plan.warnings.length,
            },
          }),
      });
      return importAnswer(c, outcome, hideMissing);
    });
}
