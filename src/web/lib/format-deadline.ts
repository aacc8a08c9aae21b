import { SHOP_TIME_ZONE } from "#shared/dates.ts";
import { type Lang, localeOf } from "#shared/lang.ts";

/**
 * "26 de noviembre a las 23:59 CET": a time to pay by, on the shop's clock with its zone named, so
 * the server's and the browser's text agree and a shopper in Portugal reads it right.
 */
export function formatShopDeadline(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleString(localeOf[lang], {
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: SHOP_TIME_ZONE,
  });
}

/**
 * A deadline on the browser's own clock: the time alone when it is today, else the day too. Only
 * for what the browser alone draws (the payment panel), never for the server's HTML.
 */
export function formatLocalDeadline(iso: string, lang: Lang): { time: string; date: string | null } {
  const end = new Date(iso);
  const time = end.toLocaleTimeString(localeOf[lang], { hour: "2-digit", minute: "2-digit" });
  const today = end.toDateString() === new Date().toDateString();
  return {
    time,
    date: today ? null : end.toLocaleDateString(localeOf[lang], { day: "numeric", month: "long" }),
  };
}
