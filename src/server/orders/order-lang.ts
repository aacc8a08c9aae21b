import { z } from "zod";
import type { Country } from "#shared/address/regions.ts";
import { type Lang, languages } from "#shared/lang.ts";

/**
 * The query of placing an order: the shop's language, when the shopper's page sent it. Without it
 * the order is not taken for a Spanish one: `orderLang` decides from where it goes (issue 33).
 */
export const placeOrderQuerySchema = z.object({ lang: z.enum(languages).optional() });

const langOfCountry: Record<Country, Lang> = { ES: "es", PT: "pt" };

/**
 * The language an order is placed in, which its mails, invoices and credit notes speak: the one
 * the shopper used, or else that of the country it is shipped to.
 */
export function orderLang(requested: Lang | undefined, shippedTo: Country): Lang {
  return requested ?? langOfCountry[shippedTo];
}
