import { Hono } from "hono";
import {
  type StockAdjusted,
  stockAdjustmentSchema,
  stockLedgerQuerySchema,
  stockListQuerySchema,
  stockProductParamSchema,
  stockThresholdSchema,
} from "#shared/api/back-office-stock-contract.ts";
import { recordAudit } from "../audit/staff-audit.ts";
import { apiError, validate } from "../http/validate.ts";
import type { StaffEnv } from "../staff/staff-guard.ts";
import { adjustStock } from "../stock/stock-adjustments.ts";
import { readThreshold, writeThreshold } from "../stock/stock-settings.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";
import { listStock, readLedger, readStockProduct, stockRow } from "./stock-views.ts";

const notFound = apiError("product-not-found", "No such product");

/**
 * The back office's stock (issue 32, decision 051): the catalogue's products with their units,
 * one product's ledger (a page at a time, keyset by entry), hand adjustments (restock, count,
 * damage) by any staff member, and the low-stock threshold, which the owner alone sets. Each
 * change is audited in its transaction.
 */
export function stockRoutes({ db, catalog, now, staff }: BackOfficeDeps) {
  const params = validate("param", stockProductParamSchema);
  return new Hono<StaffEnv>()
    .get("/", validate("query", stockListQuerySchema), async (c) =>
      c.json(await listStock(db, catalog, c.req.valid("query"))),
    )
    .post(
      "/threshold",
      staff.requireStaff({ role: "owner" }),
      validate("json", stockThresholdSchema),
      async (c) => {
        const { lowStockUnits } = c.req.valid("json");
        await db.transaction(async (tx) => {
          const before = await writeThreshold(tx, lowStockUnits, now());
          await recordAudit(tx, c.get("staff"), {
            action: "stock.threshold",
            subjectType: "settings",
            subjectId: "low-stock-threshold",
            before: { lowStockUnits: before },
            after: { lowStockUnits },
          });
        });
        return c.json({ lowStockUnits: await readThreshold(db) });
      },
    )
    .get("/:id", params, validate("query", stockLedgerQuerySchema), async (c) => {
      const { before } = c.req.valid("query");
      const found = await readStockProduct(db, catalog, c.req.valid("param").id, before);
      return found ? c.json(found) : c.json(notFound, 404);
    })
    .post("/:id/adjustments", params, validate("json", stockAdjustmentSchema), async (c) => {
      const { id } = c.req.valid("param");
      const product = catalog.getAnyProduct(id);
      if (!product) return c.json(notFound, 404);
      const request = c.req.valid("json");
      const actor = c.get("staff");
      const outcome = await db.transaction(async (tx) => {
        const done = await adjustStock(tx, id, request, { staffId: actor.id, at: now() });
        if (!done.ok) return done;
        await recordAudit(tx, actor, {
          action: "stock.adjust",
          subjectType: "product",
          subjectId: String(id),
          before: { available: done.before },
          after: { available: done.adjusted.available, reason: request.reason, quantity: request.quantity },
          note: request.note,
        });
        const [movement] = done.adjusted.movementId === null ? [] : await readLedger(tx, id, 1);
        return { ...done, movement: movement ?? null };
      });
      if (!outcome.ok && outcome.error === "product-not-found") return c.json(notFound, 404);
      if (!outcome.ok) {
        const message = `Only ${outcome.available} units of product ${id} are in stock`;
        return c.json({ ...apiError(outcome.error, message), available: outcome.available }, 409);
      }
      const threshold = await readThreshold(db);
      const body: StockAdjusted = {
        product: stockRow(product, outcome.adjusted.available, threshold),
        movement: outcome.movement,
      };
      return c.json(body, 201);
    });
}
