import { addBusinessDays, formatISO } from "date-fns";
import { SHOP_TIME_ZONE } from "../dates.ts";
import type { ShippingZone } from "./zones.ts";

export const shippingMethods = ["standard", "express"] as const;
export type ShippingMethod = (typeof shippingMethods)[number];

type Rate = {
  /** Price with VAT included where VAT is charged, in cents. */
  cents: number;
  /** Working days from dispatch to the door. */
  days: readonly [min: number, max: number];
};

type ZoneRates = {
  standard: Rate;
  express: Rate;
  /** Standard shipping is free from this subtotal (after discount), in cents. */
  freeStandardFromCents: number;
};

/** The shop's shipping prices and times: the one place to change them. */
export const shippingRates: Record<ShippingZone, ZoneRates> = {
  "es-peninsula": {
    standard: { cents: 495, days: [2, 3] },
    express: { cents: 895, days: [1, 1] },
    freeStandardFromCents: 5000,
  },
  "es-balearic": {
    standard: { cents: 795, days: [3, 5] },
    express: { cents: 1495, days: [2, 3] },
    freeStandardFromCents: 8000,
  },
  "es-canary": {
    standard: { cents: 995, days: [5, 8] },
    express: { cents: 1995, days: [3, 5] },
    freeStandardFromCents: 12000,
  },
  "es-ceuta-melilla": {
    standard: { cents: 995, days: [5, 8] },
    express: { cents: 1995, days: [3, 5] },
    freeStandardFromCents: 12000,
  },
  "pt-mainland": {
    standard: { cents: 595, days: [3, 4] },
    express: { cents: 995, days: [2, 2] },
    freeStandardFromCents: 6000,
  },
  "pt-madeira": {
    standard: { cents: 995, days: [5, 7] },
    express: { cents: 1695, days: [3, 4] },
    freeStandardFromCents: 12000,
  },
  "pt-azores": {
    standard: { cents: 995, days: [5, 8] },
    express: { cents: 1695, days: [3, 5] },
    freeStandardFromCents: 12000,
  },
};

/** Orders placed by this hour (Madrid time) on a working day leave the warehouse that day. */
export const DISPATCH_CUTOFF_HOUR = 14;

export function shippingCents(zone: ShippingZone, method: ShippingMethod, goodsCents: number): number {
  const rates = shippingRates[zone];
  if (method === "standard" && goodsCents >= rates.freeStandardFromCents) return 0;
  return rates[method].cents;
}

/** The delivery window of an order placed at `placedAt`, as calendar dates (YYYY-MM-DD). */
export function deliveryEstimate(zone: ShippingZone, method: ShippingMethod, placedAt: Date) {
  const { date, hour } = madridClock(placedAt);
  const weekday = date.getDay();
  const dispatchToday = weekday !== 0 && weekday !== 6 && hour < DISPATCH_CUTOFF_HOUR;
  const dispatch = dispatchToday ? date : addBusinessDays(date, 1);
  const [min, max] = shippingRates[zone][method].days;
  const day = (offset: number) => formatISO(addBusinessDays(dispatch, offset), { representation: "date" });
  return { from: day(min), to: day(max) };
}

/** Built once: a formatter costs far more to make than to use (every quote asks for one). */
const warehouseClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

/** The warehouse's calendar date and hour, whatever the server's own time zone. */
function madridClock(instant: Date): { date: Date; hour: number } {
  const parts = warehouseClock.formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  // A local-midnight date: date-fns counts business days on the local calendar.
  return { date: new Date(part("year"), part("month") - 1, part("day")), hour: part("hour") };
}
