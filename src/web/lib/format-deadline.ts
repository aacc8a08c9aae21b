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
 * A deadline in two parts, on the shop's clock with its zone named (as `formatShopDeadline`, so the
 * two never disagree): the time alone when it is today there, else the day too.
 */
export function formatDeadlineParts(iso: string, lang: Lang): { time: string; date: string | null } {
  const end = new Date(iso);
  const onShopClock = { timeZone: SHOP_TIME_ZONE } as const;
  const time = end.toLocaleTimeString(localeOf[lang], {
    ...onShopClock,
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });
  const day = (at: Date) => at.toLocaleDateString("en-CA", onShopClock);
  const today = day(end) === day(new Date());
  return {
    time,
    date: today
      ? null
      : end.toLocaleDateString(localeOf[lang], { ...onShopClock, day: "numeric", month: "long" }),
  };
}
