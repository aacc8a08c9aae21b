import { type Lang, localeOf } from "./lang.ts";

const formatters = new Map<Lang, Intl.NumberFormat>();

/** The one place prices are turned into text: "12,95 €" in both languages. */
export function formatPrice(euros: number, lang: Lang): string {
  let formatter = formatters.get(lang);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf[lang], { style: "currency", currency: "EUR" });
    formatters.set(lang, formatter);
  }
  return formatter.format(euros);
}
