import { z } from "zod";
import type { CouponRefusal } from "../checkout/coupon.ts";
import { shippingMethods } from "../checkout/shipping.ts";
import { isValidTaxId } from "../checkout/tax-id.ts";
import type { OrderTotals } from "../checkout/totals.ts";
import type { ShippingZone } from "../checkout/zones.ts";
import { hasControlCharacters } from "../text.ts";
import type { Shipment } from "../tracking.ts";
import type { AddressForm } from "./address-contract.ts";
import type { ProductCard } from "./catalog-contract.ts";
import type { MultibancoDetails, PaymentFailure, PaymentMethodKind } from "./payment-contract.ts";
import { TEXT_INVALID, textField } from "./text-fields.ts";

/**
 * The life of an order: staff move it forward from the back office; the shopper may cancel it
 * before it ships and ask to return it within 14 days of delivery (it is "devuelto" once the
 * parcel is back).
 */
export const orderStatuses = [
  "pendiente-pago",
  "pagado",
  "preparando",
  "enviado",
  "entregado",
  "cancelado",
  "devolucion-solicitada",
  "devuelto",
  "caducado",
] as const;

/** The right of withdrawal: days from delivery to ask for a return. */
export { WITHDRAWAL_DAYS } from "../checkout/returns.ts";
export type OrderStatus = (typeof orderStatuses)[number];

export type { ReturnRequestLine } from "../checkout/returns.ts";

import type { ReturnRequestLine } from "../checkout/returns.ts";

/**
 * A withdrawal or return of some units (issue 33, decision 059): `{ lines: [{ lineId, quantity }] }`,
 * each line once; the line's id is its position in the order.
 */
export const returnRequestSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: z.number().int().min(0).max(999),
        quantity: z.number().int().min(1).max(999),
      }),
    )
    .min(1)
    .max(200)
    .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, "line-repeated"),
});
export type ReturnRequestBody = z.input<typeof returnRequestSchema>;

/** A return request's lines as stored (jsonb), checked when read back. */
export const returnLinesSchema = z
  .array(z.strictObject({ position: z.number().int().min(0), quantity: z.number().int().min(1) }))
  .min(1);

/** An open return request, as the order's page and the back office show it. */
export type ReturnRequestView = { id: string; createdAt: string; lines: ReturnRequestLine[] };

export type OrderAddress = AddressForm;
export type OrderBuyer = { name: string; lastName: string; email: string; company: string; taxId: string };

/**
 * Who the invoice is for: a name (prefilled from the personal data) and, optionally, a tax id
 * (NIF, NIE, CIF or NIF-PT) and a company name.
 */
export const invoiceDataSchema = z
  .object({
    name: textField(80, "name-required"),
    lastName: textField(120, "last-name-required"),
    company: textField(120),
    taxId: textField(20),
    /**
     * A guest's own address for the order, its mail and its invoice (decision 032); an account's
     * order goes to the account's, and this is not asked.
     */
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, "email-required")
      .max(254)
      .email("email-invalid")
      .optional(),
  })
  .superRefine(({ company, taxId }, context) => {
    if (taxId !== "" && !isValidTaxId(taxId)) {
      context.addIssue({ code: "custom", path: ["taxId"], message: "tax-id-invalid" });
    } else if (company !== "" && taxId === "") {
      context.addIssue({ code: "custom", path: ["taxId"], message: "tax-id-required" });
    }
  });
export type InvoiceData = z.infer<typeof invoiceDataSchema>;

/** A guest's invoice data: the email is needed (the order's mail and link go to it). */
export const guestInvoiceDataSchema = invoiceDataSchema.refine((data) => data.email !== undefined, {
  path: ["email"],
  message: "email-required",
});

export const placeOrderSchema = z.strictObject({
  /** Made once per checkout in the browser: a double click or a retry places one order. */
  idempotencyKey: z.uuid(),
  addressId: z.uuid(),
  shippingMethod: z.enum(shippingMethods),
  // No code holds a control character, and PostgreSQL could not even look up a NUL (found by the API fuzz).
  couponCode: z
    .string()
    .trim()
    .max(40)
    .refine((code) => !hasControlCharacters(code), TEXT_INVALID)
    .transform((code) => code.toUpperCase())
    .optional(),
  invoice: invoiceDataSchema,
  /** The total the shopper saw; a different total on the server (a price changed) stops the order. */
  expectedTotalCents: z.number().int().min(0),
});
export type PlaceOrderRequest = z.input<typeof placeOrderSchema>;

export type OrderLineView = {
  productId: number;
  code: string;
  name: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  vatRate: number | null;
  /** Units given back by refunds (issue 27: refunds by line). */
  refundedQuantity: number;
};

export type OrderView = {
  id: string;
  /** Null until the order is paid: the number is taken when the money is in (decision 034). */
  number: string | null;
  status: OrderStatus;
  placedAt: string;
  lines: OrderLineView[];
  address: OrderAddress;
  buyer: OrderBuyer;
  shippingMethod: (typeof shippingMethods)[number];
  couponCode: string | null;
  totals: Omit<OrderTotals, "lines">;
  delivery: { from: string; to: string };
  /** While the order awaits payment: when it expires unpaid. */
  payBy: string | null;
  /** Once shipped: the carrier, the parcel's number and the carrier's page that follows it (issue 30). */
  shipment: Shipment | null;
  payment: {
    provider: string;
    method: PaymentMethodKind | null;
    cardLast4: string;
    status: string;
    lastFailure: PaymentFailure | null;
    multibanco: MultibancoDetails | null;
  } | null;
  /** The invoice, then a credit note for each refund, oldest first. */
  invoices: {
    kind: (typeof orderDocumentKinds)[number];
    number: string;
    issuedAt: string;
    totalCents: number;
  }[];
  history: { status: OrderStatus; at: string; note: string }[];
  /** Return requests waiting for their parcel, oldest first (decision 059). */
  returnRequests?: ReturnRequestView[];
  /** Delivered: the last moment a withdrawal may be asked for (14 days after delivery); else null. */
  returnableUntil?: string | null;
};

export type OrderSummary = {
  id: string;
  number: string | null;
  status: OrderStatus;
  placedAt: string;
  totalCents: number;
};

export type CreditNoteSummary = {
  orderId: string;
  orderNumber: string;
  number: string;
  issuedAt: string;
  totalCents: number;
};

export type PurchasedProduct = { product: ProductCard; lastBought: string };

export const orderIdParamSchema = z.object({ id: z.uuid() });

export const orderDocumentKinds = ["invoice", "credit-note"] as const;
/** An invoice or credit note's number: "F2026-000042", "A2026-000007". */
export const documentNumberSchema = z.string().regex(/^[FA]\d{4}-\d{6,}$/);
/**
 * A document of an order: `invoice`, `credit-note` (the latest, when refunds by line made several)
 * or one by its number (issue 27).
 */
export const orderDocumentParamSchema = orderIdParamSchema.extend({
  kind: z.union([z.enum(orderDocumentKinds), documentNumberSchema]),
});

export const quoteRequestSchema = placeOrderSchema.pick({
  addressId: true,
  shippingMethod: true,
  couponCode: true,
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export type QuoteView = {
  address: OrderAddress;
  zone: ShippingZone;
  totals: OrderTotals;
  delivery: { from: string; to: string };
  coupon: { code: string; refusal?: CouponRefusal } | null;
};

/** How an order is named to its buyer: its number, or, before it is paid, a short piece of its id. */
export function orderLabel(order: { id: string; number: string | null }): string {
  return order.number ?? order.id.slice(0, 8).toUpperCase();
}
