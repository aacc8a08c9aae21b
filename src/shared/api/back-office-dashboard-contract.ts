import { z } from "zod";

/**
 * `GET /api/gestion/dashboard`: the back office's landing figures (issue 30, decision 046). Money
 * is integer cents; a day is a date on the shop's clock (Europe/Madrid), `YYYY-MM-DD`.
 */
const cents = z.number().int();
const count = z.number().int().nonnegative();

/** What a day, or a span of days, sold and gave back. */
export const salesFiguresSchema = z.object({
  /** What the orders paid (placed that day, numbered: decision 034), whatever became of them after. */
  revenueCents: cents,
  orders: count,
  /** Revenue per order, rounded to the cent; null without orders. */
  averageBasketCents: cents.nullable(),
  /** Credit notes issued that day: refunds by line, cancels and returns of paid orders. */
  refundsCents: cents,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const salesDaySchema = salesFiguresSchema.extend({ day: z.iso.date() });
export type SalesDay = z.infer<typeof salesDaySchema>;

/** The statuses of an order waiting to leave the shop. */
export const toShipStatuses = ["pagado", "preparando"] as const;

export const orderToShipSchema = z.object({
  number: z.string(),
  status: z.enum(toShipStatuses),
  placedAt: z.string(),
  buyer: z.string(),
  totalCents: cents,
});
export type OrderToShip = z.infer<typeof orderToShipSchema>;

export const lowStockProductSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  /** The catalogue's code (`codigo`). */
  reference: z.string(),
  available: count,
});
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

export const dashboardSchema = z.object({
  today: salesDaySchema,
  /** Today and the 29 days before it, oldest first, every day present (zeros included). */
  last30Days: z.object({ totals: salesFiguresSchema, days: z.array(salesDaySchema).length(30) }),
  /** Paid or being prepared: how many, and the oldest few (the first to ship). */
  toShip: z.object({ count, oldest: z.array(orderToShipSchema) }),
  /** Products on sale with `threshold` units or fewer: how many, and the scarcest few. */
  lowStock: z.object({ threshold: count, count, products: z.array(lowStockProductSchema) }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
