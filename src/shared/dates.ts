import { type Lang, localeOf } from "./lang.ts";

/**
 * The shop's clock: the company is in Spain, and its mails and invoices use Madrid time. Pages use
 * it too, so a date reads the same whether the server or the browser drew it.
 */
export const SHOP_TIME_ZONE = "Europe/Madrid";

/** "23 de noviembre de 2026" / "23 de novembro de 2026". */
export function formatShopDate(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleDateString(localeOf[lang], { dateStyle: "long", timeZone: SHOP_TIME_ZONE });
}

/** "23 de noviembre de 2026, 11:39" with the time on the shop's clock. */
export function formatShopDateTime(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleString(localeOf[lang], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: SHOP_TIME_ZONE,
  });
}
