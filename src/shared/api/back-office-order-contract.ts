import { z } from "zod";
import { carrierIdSchema, trackingNumberSchema } from "../tracking.ts";
import { orderStatuses } from "./order-contract.ts";

/**
 * One order in the back office (issue 30, decision 044): what `GET /api/gestion/orders/:number`
 * answers and every action answers back, and the bodies of those actions. The page parses every
 * answer with these schemas (no `as T`).
 */

/** An order's number as the shop prints it: "2026-000042". */
export const orderNumberSchema = z.string().regex(/^\d{4}-\d{6,}$/);
export const orderNumberParamSchema = z.object({ number: orderNumberSchema });

/** A document of the order by its number, as its link names it: "F2026-000042.pdf". */
export const orderDocumentFileSchema = z.object({
  number: orderNumberSchema,
  file: z.string().regex(/^[FA]\d{4}-\d{6,}\.pdf$/),
});

/** What can be done to an order from its page; the server decides which apply (`actions`). */
export const orderActions = ["prepare", "ship", "deliver", "cancel", "refund", "return", "note"] as const;
export type OrderAction = (typeof orderActions)[number];

const note = z.string().trim().max(500, "note-too-long").default("");

const unitsSchema = z
  .array(
    z.strictObject({
      position: z.number().int().min(0).max(999),
      quantity: z.number().int().min(0).max(9999),
    }),
  )
  .max(100);

export const shipOrderSchema = z.strictObject({
  carrier: carrierIdSchema,
  trackingNumber: trackingNumberSchema,
  note,
});
export type ShipOrderRequest = z.input<typeof shipOrderSchema>;

/**
 * Being packed, delivered, or cancelled (the money back, whatever is left of it): a note for the
 * audit only.
 */
export const stepOrderSchema = z.strictObject({ note });
export type StepOrderRequest = z.input<typeof stepOrderSchema>;

/** Part of a paid order given back: units per line (0 is none), the shipping, back on sale or not. */
export const refundOrderSchema = z.strictObject({
  lines: unitsSchema,
  shipping: z.boolean().default(false),
  restock: z.boolean().default(true),
  note,
});
export type RefundOrderRequest = z.input<typeof refundOrderSchema>;

/** A return accepted per line (the units that came back), restocked or not; the order is then returned. */
export const acceptReturnSchema = refundOrderSchema;
export type AcceptReturnRequest = z.input<typeof acceptReturnSchema>;

/**
 * A buyer's return request whose parcel came in (decision 059): exactly its units are refunded,
 * back on sale unless staff untick it.
 */
export const receiveReturnSchema = z.strictObject({ restock: z.boolean().default(true), note });
export type ReceiveReturnRequest = z.input<typeof receiveReturnSchema>;
export const returnRequestParamSchema = orderNumberParamSchema.extend({ requestId: z.uuid() });

/** An internal note: kept in the staff audit, never shown to the buyer. */
export const orderNoteSchema = z.strictObject({
  note: z.string().trim().min(1, "note-required").max(1000, "note-too-long"),
});
export type OrderNoteRequest = z.input<typeof orderNoteSchema>;

const lineSchema = z.object({
  position: z.number().int(),
  productId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The catalogue's picture of the product ("" when it is no longer in the catalogue). */
  image: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  totalCents: z.number().int(),
  /** The line's share of the coupon's discount, for the refund's quote (decision 038). */
  discountCents: z.number().int(),
  vatRate: z.number().nullable(),
  refundedQuantity: z.number().int(),
});

const documentSchema = z.object({
  kind: z.enum(["invoice", "credit-note"]),
  number: z.string(),
  issuedAt: z.string(),
  totalCents: z.number().int(),
  /** Where staff open it (`/api/gestion/orders/:number/documents/:number.pdf`). */
  url: z.string(),
});

const refundSchema = z.object({
  at: z.string(),
  amountCents: z.number().int(),
  shippingCents: z.number().int(),
  status: z.enum(["pending", "refunded"]),
  restocked: z.boolean(),
  creditNote: z.string(),
  note: z.string(),
});

/** One moment of the order's life: a status the buyer saw, or something staff did (the audit). */
const historySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("event"), at: z.string(), status: z.enum(orderStatuses), note: z.string() }),
  z.object({
    kind: z.literal("audit"),
    at: z.string(),
    actor: z.string(),
    action: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    note: z.string(),
  }),
]);
export type OrderHistoryEntry = z.infer<typeof historySchema>;

const vatLineSchema = z.object({ ratePercent: z.number(), baseCents: z.number(), vatCents: z.number() });

export const backOfficeOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(orderStatuses),
  placedAt: z.string(),
  lang: z.enum(["es", "pt"]),
  lines: z.array(lineSchema),
  totals: z.object({
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    vat: z.array(vatLineSchema),
    totalCents: z.number().int(),
  }),
  couponCode: z.string().nullable(),
  shippingMethod: z.enum(["standard", "express"]),
  /** The VAT rate the shipping was charged at, and whether it was given back (for `quoteRefund`). */
  shippingVatRate: z.number().nullable(),
  shippingRefunded: z.boolean(),
  delivery: z.object({
    name: z.string(),
    lastName: z.string(),
    street: z.string(),
    floorDoor: z.string(),
    postalCode: z.string(),
    city: z.string(),
    region: z.string(),
    country: z.string(),
    phone: z.string(),
    from: z.string(),
    to: z.string(),
  }),
  shipment: z.object({ carrier: z.string(), number: z.string(), url: z.string() }).nullable(),
  buyer: z.object({
    name: z.string(),
    lastName: z.string(),
    email: z.string(),
    company: z.string(),
    taxId: z.string(),
    /** An account's, a guest's (decision 032), or nobody's any more (the account was erased). */
    kind: z.enum(["account", "guest", "erased"]),
    userId: z.string().nullable(),
  }),
  payment: z
    .object({
      provider: z.string(),
      reference: z.string(),
      method: z.string().nullable(),
      cardLast4: z.string(),
      status: z.string(),
      amountCents: z.number().int(),
    })
    .nullable(),
  refunds: z.array(refundSchema),
  documents: z.array(documentSchema),
  packingSlipUrl: z.string(),
  history: z.array(historySchema),
  /** The buyer's return requests waiting for their parcel, oldest first (decision 059). */
  returnRequests: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      lines: z.array(z.object({ position: z.number().int(), quantity: z.number().int() })),
    }),
  ),
  /** What may be done now, in this order's state (the server checks again on each action). */
  actions: z.array(z.enum(orderActions)),
});
export type BackOfficeOrder = z.infer<typeof backOfficeOrderSchema>;

/** A refused action (409): why, and the order's status now (someone else may have moved it). */
export const orderConflictSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  status: z.enum(orderStatuses).optional(),
});

/** Each action answers the order as it is after it. */
export const orderActionAnswerSchema = z.object({ order: backOfficeOrderSchema });
export type OrderActionAnswer = z.infer<typeof orderActionAnswerSchema>;

/** The API's paths of one order, spelt once for the server's links and the page's calls. */
export const backOfficeOrderApi = {
  order: (number: string) => `/api/gestion/orders/${encodeURIComponent(number)}`,
  action: (number: string, action: Exclude<OrderAction, "note"> | "notes") =>
    `/api/gestion/orders/${encodeURIComponent(number)}/${action === "refund" ? "refunds" : action === "return" ? "returns" : action}`,
  document: (number: string, documentNumber: string) =>
    `/api/gestion/orders/${encodeURIComponent(number)}/documents/${encodeURIComponent(documentNumber)}.pdf`,
  packingSlip: (number: string) => `/api/gestion/orders/${encodeURIComponent(number)}/packing-slip.pdf`,
  receiveReturn: (number: string, requestId: string) =>
    `/api/gestion/orders/${encodeURIComponent(number)}/return-requests/${encodeURIComponent(requestId)}/receive`,
} as const;
