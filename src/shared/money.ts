import type { Lang } from "./lang.ts";

/**
 * Money is integer cents everywhere in the shop: products, API answers, carts, orders, invoices,
 * mails and pages. Euros exist only in the catalogue file (spec §3's `precio`) and become cents
 * once, when the shop reads it (`catalog/euros.ts`, through `productFromRecord`). This module is where
 * cents become text; `money-units.test.ts` fails on a `/ 100` or `* 100` on money anywhere but
 * here and there (decision 029, amended).
 */

/**
 * Thousands separators of es-ES and pt-PT. Both group only from five digits on (CLDR's
 * minimumGroupingDigits 2): "1234,56 €" but "12.345,67 €" / "12 345,67 €".
 */
const groupSeparator: Record<Lang, string> = { es: ".", pt: "\u00a0" };

/** Whole euros and the two digits of the cents of an amount, without its sign. */
function parts(cents: number): { whole: string; fraction: string } {
  const amount = Math.abs(cents);
  return {
    whole: String(Math.floor(amount / 100)),
    fraction: String(amount % 100).padStart(2, "0"),
  };
}

/**
 * The one place prices are turned into text: 1295 cents is "12,95 €" in both languages, exactly
 * as `Intl.NumberFormat(localeOf[lang], { style: "currency", currency: "EUR" })` writes the euros
 * (the property test holds it to that). Written out because a browser's first `Intl` number
 * format loads its locale data in one long task of the hydration (decision 029). An amount is
 * integer cents; a fraction of a cent is rounded.
 */
export function formatPrice(cents: number, lang: Lang): string {
  const rounded = Math.round(cents);
  const { whole, fraction } = parts(rounded);
  const grouped = whole.length < 5 ? whole : whole.replace(/\B(?=(\d{3})+$)/g, groupSeparator[lang]);
  return `${rounded < 0 ? "-" : ""}${grouped},${fraction}\u00a0€`;
}

/**
 * A price as a machine reads it, "12.95" for 1295 cents: schema.org's `Offer.price` (a product
 * page's structured data) and the Stripe stand-in's pages.
 */
export function decimalPrice(cents: number): string {
  const rounded = Math.round(cents);
  const { whole, fraction } = parts(rounded);
  return `${rounded < 0 ? "-" : ""}${whole}.${fraction}`;
}

/**
 * An amount as a person types it in a form, "12,5" or "12.50" or "12", into cents; undefined when
 * it is not one (a sign, a letter, more than two decimals, more than 9,999,999 euros). The back
 * office's promotions take amounts in euros this way.
 */
export function centsFromTypedEuros(text: string): number | undefined {
  const typed = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!typed) return undefined;
  const [, whole = "0", fraction = ""] = typed;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as a form shows them to be typed again: "12" for 1200, "12,50" for 1250. */
export function typedEurosFromCents(cents: number): string {
  const { whole, fraction } = parts(Math.round(cents));
  return fraction === "00" ? whole : `${whole},${fraction}`;
}
