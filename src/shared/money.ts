import type { Lang } from "./lang.ts";

/**
 * Thousands separators of es-ES and pt-PT. Both group only from five digits on (CLDR's
 * minimumGroupingDigits 2): "1234,56 €" but "12.345,67 €" / "12 345,67 €".
 */
const groupSeparator: Record<Lang, string> = { es: ".", pt: "\u00a0" };

/**
 * The one place prices are turned into text: "12,95 €" in both languages, exactly as
 * `Intl.NumberFormat(localeOf[lang], { style: "currency", currency: "EUR" })` writes it (the
 * property test holds it to that). Written out because a browser's first `Intl` number format
 * loads its locale data in one long task of the hydration (decision 029).
 */
export function formatPrice(euros: number, lang: Lang): string {
  const cents = Math.round(euros * 100);
  const whole = String(Math.floor(Math.abs(cents) / 100));
  const grouped = whole.length < 5 ? whole : whole.replace(/\B(?=(\d{3})+$)/g, groupSeparator[lang]);
  const fraction = String(Math.abs(cents) % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${grouped},${fraction}\u00a0€`;
}
