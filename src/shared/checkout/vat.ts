import type { ShippingZone } from "./zones.ts";

/** Books pay the reduced rate; everything else in the shop the general one. */
export const vatClasses = ["general", "reduced"] as const;
export type VatClass = (typeof vatClasses)[number];

type Rates = Record<VatClass, number>;

/**
 * VAT in percent by destination. The Canary Islands, Ceuta and Melilla are outside the EU VAT
 * area: no VAT is charged there (their local taxes are the importer's).
 */
const ratesByZone: Record<ShippingZone, Rates | null> = {
  "es-peninsula": { general: 21, reduced: 4 },
  "es-balearic": { general: 21, reduced: 4 },
  "es-canary": null,
  "es-ceuta-melilla": null,
  "pt-mainland": { general: 23, reduced: 6 },
  "pt-madeira": { general: 22, reduced: 5 },
  "pt-azores": { general: 16, reduced: 4 },
};

/** The rates the catalogue prices include: the shop is Spanish. */
export const HOME_RATES: Rates = { general: 21, reduced: 4 };

/** The VAT rate charged at a destination, or null where no VAT is charged. */
export function vatRate(zone: ShippingZone, vatClass: VatClass): number | null {
  return ratesByZone[zone]?.[vatClass] ?? null;
}

/** The VAT contained in a price that includes it, in cents. */
export function vatIncluded(grossCents: number, ratePercent: number): number {
  return grossCents - Math.round((grossCents * 100) / (100 + ratePercent));
}

/**
 * What a shopper pays for one unit. Inside the EU VAT area the catalogue price stands whatever
 * the local rate (prices "include VAT"); where no VAT is charged, the Spanish VAT comes off.
 */
export function unitPriceAt(zone: ShippingZone, vatClass: VatClass, catalogueCents: number): number {
  return ratesByZone[zone]
    ? catalogueCents
    : catalogueCents - vatIncluded(catalogueCents, HOME_RATES[vatClass]);
}
