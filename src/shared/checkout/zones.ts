import { AZORES, type Country, MADEIRA } from "../address/regions.ts";

/**
 * Where a parcel goes decides its shipping rate and its VAT: Spain's islands and its North
 * African cities, and Portugal's autonomous regions, each have their own.
 */
export const shippingZones = [
  "es-peninsula",
  "es-balearic",
  "es-canary",
  "es-ceuta-melilla",
  "pt-mainland",
  "pt-madeira",
  "pt-azores",
] as const;
export type ShippingZone = (typeof shippingZones)[number];

const BALEARIC = "07";
const CANARY = ["35", "38"];
const CEUTA_MELILLA = ["51", "52"];

/** The zone of an address: its country and its province (Spain) or district/region (Portugal). */
export function shippingZoneOf(address: { country: Country; region: string }): ShippingZone {
  const { country, region } = address;
  if (country === "PT") {
    if (region === MADEIRA) return "pt-madeira";
    return region === AZORES ? "pt-azores" : "pt-mainland";
  }
  if (region === BALEARIC) return "es-balearic";
  if (CANARY.includes(region)) return "es-canary";
  return CEUTA_MELILLA.includes(region) ? "es-ceuta-melilla" : "es-peninsula";
}
