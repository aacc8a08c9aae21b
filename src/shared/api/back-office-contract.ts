import { z } from "zod";
import { shippingZones } from "../checkout/zones.ts";
import { formQueryField, listPageSchema, listSearchSchema } from "./list-query.ts";
import { orderStatuses } from "./order-contract.ts";
import { paymentMethodKinds } from "./payment-contract.ts";

/** How the back office's order list may be sorted (issue 30); newest first unless asked. */
export const staffOrderSorts = ["placedAt", "total", "number"] as const;
export type StaffOrderSort = (typeof staffOrderSorts)[number];
export const staffOrderPageSizes = [25, 50, 100] as const;
export type StaffOrderPageSize = (typeof staffOrderPageSizes)[number];

/** One or several statuses: `status=pagado&status=enviado`, or `status=pagado,enviado`. */
const statusesSchema = z
  .union([z.string(), z.array(z.string()).max(orderStatuses.length)])
  .transform((value) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(","));
    return [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ""))];
  })
  .pipe(z.array(z.enum(orderStatuses)).min(1));

/** A day on the shop's clock (Europe/Madrid), a real calendar date: 2026-02-30 fails. */
const shopDaySchema = z.iso.date();

const pageSizeSchema = z.coerce.number().pipe(z.literal(staffOrderPageSizes));

/**
 * `GET /gestion/api/orders?q=…`: the back office's order list (issue 30). `q` is free text, read
 * as whatever it can be: an order number or its start (`2026-0001`), an e-mail or its start, a
 * buyer's name or last name (from its start, case and accents aside), a phone (its digits, with or
 * without +34 / +351). `from`/`to` are whole days in Madrid. Unknown parameters are ignored.
 */
export const staffOrderListQuerySchema = z
  .object({
    q: listSearchSchema,
    status: formQueryField(statusesSchema),
    from: formQueryField(shopDaySchema),
    to: formQueryField(shopDaySchema),
    method: formQueryField(z.enum(paymentMethodKinds)),
    zone: formQueryField(z.enum(shippingZones)),
    sort: formQueryField(z.enum(staffOrderSorts)).transform((sort) => sort ?? "placedAt"),
    dir: formQueryField(z.enum(["asc", "desc"])).transform((dir) => dir ?? "desc"),
    page: listPageSchema,
    pageSize: formQueryField(pageSizeSchema).transform((size) => size ?? 25),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    path: ["to"],
    message: "to-before-from",
  });
export type StaffOrderListQuery = z.output<typeof staffOrderListQuerySchema>;

/** One order as the back office's list shows it: enough to recognise it and pick it. */
export const staffOrderRowSchema = z.object({
  number: z.string(),
  status: z.enum(orderStatuses),
  placedAt: z.iso.datetime(),
  /** "Ana García": the buyer's name and last name, as on the invoice. */
  buyer: z.string(),
  email: z.string(),
  /** The delivery address's phone, as the shopper typed it. */
  phone: z.string(),
  destination: z.object({ city: z.string(), zone: z.enum(shippingZones) }),
  /** How it was paid; null when the provider never said (orders from before issue 27). */
  method: z.enum(paymentMethodKinds).nullable(),
  units: z.number().int(),
  totalCents: z.number().int(),
});
export type StaffOrderRow = z.infer<typeof staffOrderRowSchema>;

/**
 * The orders the list counts, and goes through by pages, at most: past them it says «más de
 * 10.000» and asks for a narrower search (decision 043), so no page costs the reading of every
 * order the shop ever took.
 */
export const STAFF_ORDER_LIST_DEPTH = 10_000;

/** A page of the list and how many orders match in all: `GET /api/gestion/orders`'s answer. */
export const staffOrderListSchema = z.object({
  items: z.array(staffOrderRowSchema),
  /** How many match, counted up to the list's depth. */
  total: z.number().int().min(0),
  /** Whether `total` is all of them; false: more than `total` match. */
  totalExact: z.boolean(),
  /** Whether a page follows this one (within the list's depth). */
  hasNext: z.boolean(),
  page: z.number().int().min(1),
  pageSize: z.literal(staffOrderPageSizes),
});
export type StaffOrderList = z.infer<typeof staffOrderListSchema>;

/**
 * `GET /api/gestion/orders/events`, server-sent events: `ready` once the stream is open; `order`
 * each time an order is paid (it takes its number then), its data the number; `missed` when the
 * server lost the database's announcements for a while (some may have gone unheard); `superseded`
 * when the staff member has opened too many lists at once and this, the oldest, is closed (the
 * page does not reconnect); `signed-out` when the staff session has ended (its eight hours are
 * over, it was signed out, or the owner disabled the account): the stream closes, and the page
 * asks to sign in again.
 */
export const staffOrderEvents = {
  ready: "ready",
  order: "order",
  missed: "missed",
  superseded: "superseded",
  signedOut: "signed-out",
} as const;
