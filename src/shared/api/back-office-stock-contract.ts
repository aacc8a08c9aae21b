import { z } from "zod";
import { hasControlCharacters } from "../text.ts";
import { productIdParamSchema } from "./catalog-contract.ts";
import { formQueryField, listPageSchema, listSearchSchema } from "./list-query.ts";

/**
 * The back office's stock (issue 32, decision 051): each product's units, the ledger of every
 * change with its reason, staff adjustments and the owner's low-stock threshold.
 */

/**
 * Why the stock changed. Staff adjust by `restock` (units in), `count` (a count sets the stock,
 * the ledger keeps the difference) and `damage` (units out); orders take (`order`) and give back
 * (`cancel`, `expiry` of an unpaid order, `return`); `opening` is the stock the ledger began with.
 */
export const stockReasons = [
  "opening",
  "restock",
  "count",
  "damage",
  "order",
  "cancel",
  "expiry",
  "return",
] as const;
export type StockReason = (typeof stockReasons)[number];

export const adjustmentReasons = ["restock", "count", "damage"] as const;
export type AdjustmentReason = (typeof adjustmentReasons)[number];

/** The most units one product may hold or one adjustment may move (a typo's guard, not a rule of the trade). */
export const STOCK_UNITS_MAX = 100_000;

const note = z
  .string()
  .trim()
  .max(500, "note-too-long")
  .refine((text) => !hasControlCharacters(text.replace(/\n/g, "")), "text-invalid")
  .default("");

/**
 * `POST /api/gestion/stock/:id/adjustments`: `quantity` is the units added (restock) or taken
 * (damage), at least one; for a count it is the units counted on the shelf, 0 included.
 */
export const stockAdjustmentSchema = z.discriminatedUnion("reason", [
  z
    .object({
      reason: z.enum(["restock", "damage"]),
      quantity: z.coerce.number().int("quantity-invalid").min(1, "quantity-invalid").max(STOCK_UNITS_MAX),
      note,
    })
    .strict(),
  z
    .object({
      reason: z.literal("count"),
      quantity: z.coerce.number().int("quantity-invalid").min(0, "quantity-invalid").max(STOCK_UNITS_MAX),
      note,
    })
    .strict(),
]);
export type StockAdjustmentRequest = z.infer<typeof stockAdjustmentSchema>;

/** `GET /api/gestion/stock?q=&low=1&page=`: the catalogue's products with their stock. */
export const stockListQuerySchema = z.object({
  /** Part of the product's name or its code, case and accents aside. */
  q: listSearchSchema,
  /** Only the products at or under the low-stock threshold. */
  low: formQueryField(z.enum(["1"])).transform((low) => low === "1"),
  page: listPageSchema,
});
export type StockListQuery = z.output<typeof stockListQuerySchema>;

export const STOCK_PAGE_SIZE = 50;

export const stockRowSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  /** The catalogue's code (`codigo`). */
  reference: z.string(),
  available: z.number().int().min(0),
  /** At or under the threshold. */
  low: z.boolean(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

export const stockListSchema = z.object({
  items: z.array(stockRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  threshold: z.number().int().min(0),
});
export type StockList = z.infer<typeof stockListSchema>;

export const stockProductParamSchema = productIdParamSchema;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  change: z.number().int(),
  reason: z.enum(stockReasons),
  /** The staff member's name, for a hand adjustment. */
  staff: z.string().nullable(),
  /** The order's number (or its id while unpaid), for a change an order made. */
  order: z.string().nullable(),
  note: z.string(),
  /** The stock right after this change: the ledger's sum up to it. */
  balance: z.number().int(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** How many ledger entries one page of a product's ledger holds, newest first. */
export const LEDGER_PAGE_SIZE = 200;

/**
 * `GET /api/gestion/stock/:id?before=`: the page of the ledger older than the entry `before`
 * (keyset paging by the entries' ids, which follow the order the changes were made in, decision
 * 051); without it, the newest. An entry written meanwhile never moves an older page.
 */
export const stockLedgerQuerySchema = z.object({
  before: formQueryField(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
});
export type StockLedgerQuery = z.output<typeof stockLedgerQuerySchema>;

/** `GET /api/gestion/stock/:id`: the product, its stock and a page of its ledger, newest first. */
export const stockProductSchema = z.object({
  product: stockRowSchema,
  threshold: z.number().int().min(0),
  movements: z.array(stockMovementSchema),
  /** More entries than shown, older ones. */
  more: z.boolean(),
  /** The `before` of the next, older page (the last entry shown); null on the oldest page. */
  older: z.number().int().nullable(),
  /** The `before` this page was read with; null for the newest page. */
  before: z.number().int().nullable(),
});
export type StockProduct = z.infer<typeof stockProductSchema>;

/** The answer to an adjustment: the product as it now is, and the entry written (none when a count found no difference). */
export const stockAdjustedSchema = z.object({
  product: stockRowSchema,
  movement: stockMovementSchema.nullable(),
});
export type StockAdjusted = z.infer<typeof stockAdjustedSchema>;

/** `POST /api/gestion/stock/threshold` (the owner's): a product is low with this many units or fewer. */
export const stockThresholdSchema = z
  .object({ lowStockUnits: z.coerce.number().int("threshold-invalid").min(0, "threshold-invalid").max(1000) })
  .strict();
export type StockThresholdRequest = z.infer<typeof stockThresholdSchema>;

export const stockApi = {
  list: "/api/gestion/stock",
  product: (id: number, before?: number) =>
    before === undefined ? `/api/gestion/stock/${id}` : `/api/gestion/stock/${id}?before=${before}`,
  adjust: (id: number) => `/api/gestion/stock/${id}/adjustments`,
  threshold: "/api/gestion/stock/threshold",
} as const;
