import { z } from "zod";
import type { BackOfficeOrder } from "#shared/api/back-office-order-contract.ts";
import { quoteRefund, type RefundOutcome } from "#shared/checkout/refunds.ts";
import { carrierIdSchema, trackingNumberSchema } from "#shared/tracking.ts";

const note = z.string().trim().max(500, "note-too-long");

/** The ship form: the shared request's carrier and tracking number, read as the API reads them. */
export const shipFormSchema = z.object({
  // The select's empty choice is "none chosen yet", not a carrier unknown.
  carrier: z.string().min(1, "carrier-required").pipe(carrierIdSchema),
  trackingNumber: trackingNumberSchema,
  note,
});
export type ShipFormInput = z.input<typeof shipFormSchema>;
export type ShipFormValues = z.output<typeof shipFormSchema>;

/** Units per line (a number field each; empty is none), the shipping, back on sale or not. */
export const unitsFormSchema = z.object({
  units: z.array(z.union([z.nan(), z.number().int("units-invalid").min(0, "units-invalid")])),
  shipping: z.boolean(),
  restock: z.boolean(),
  note,
});
export type UnitsFormValues = z.infer<typeof unitsFormSchema>;

export const noteFormSchema = z.object({
  note: z.string().trim().min(1, "note-required").max(1000, "note-too-long"),
});
export type NoteFormValues = z.infer<typeof noteFormSchema>;

/** What the refund forms read of the order. */
export type RefundableView = Pick<
  BackOfficeOrder,
  "lines" | "totals" | "shippingVatRate" | "shippingRefunded"
>;

/** The request of a refund or a return from the form's values: lines by position, 0 left out. */
export function unitsRequest(order: RefundableView, values: UnitsFormValues) {
  const lines = order.lines
    .map((line, index) => ({ position: line.position, quantity: unitsAt(values.units, index) }))
    .filter((line) => line.quantity > 0);
  return { lines, shipping: values.shipping, restock: values.restock, note: values.note };
}

const unitsAt = (units: readonly number[], index: number) => {
  const value = units[index] ?? 0;
  return Number.isInteger(value) && value > 0 ? value : 0;
};

/** What the form's units would give back, priced as the server will (decision 038). */
export function quoteOf(order: RefundableView, values: UnitsFormValues): RefundOutcome {
  const request = unitsRequest(order, values);
  return quoteRefund(
    {
      lines: order.lines,
      shippingCents: order.totals.shippingCents,
      shippingVatRate: order.shippingVatRate,
      shippingRefunded: order.shippingRefunded,
    },
    request,
  );
}

/** A refund quote's refusal, in Spanish. */
export const quoteErrors: Readonly<Record<string, string>> = {
  "nothing-to-refund": "Elige al menos una unidad o los gastos de envío.",
  "too-many-units": "Hay más unidades de las que quedan por devolver en alguna línea.",
  "shipping-already-refunded": "Los gastos de envío ya se devolvieron.",
  "unknown-line": "Esa línea no es de este pedido.",
};

/** The sentence for a form field's code. */
const fieldTexts: Readonly<Record<string, string>> = {
  "carrier-required": "Elige el transportista.",
  "carrier-unknown": "Elige uno de los transportistas de la tienda.",
  "tracking-number-required": "Escribe el número de seguimiento.",
  "tracking-number-invalid": "De 4 a 40 letras, cifras o guiones, sin espacios.",
  "note-required": "Escribe la nota.",
  "note-too-long": "La nota es demasiado larga.",
  "units-invalid": "Escribe un número entero de unidades.",
};

export const fieldText = (code: string | undefined) =>
  code === undefined ? undefined : (fieldTexts[code] ?? "Revisa este campo.");
