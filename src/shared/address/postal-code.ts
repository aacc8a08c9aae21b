import { AZORES, type Country, MADEIRA } from "./regions.ts";

/** Spain: five digits whose first two are the province's INE code. */
export function isSpanishPostalCodeOf(province: string, postalCode: string): boolean {
  return /^\d{5}$/.test(postalCode) && postalCode.slice(0, 2) === province;
}

/**
 * Portugal: NNNN-NNN. Codes from 9000 belong to the islands (Madeira 9000–9499, the Azores
 * 9500–9999), so an island code with a mainland district, or the reverse, is a typing mistake.
 */
export function isPortuguesePostalCodeOf(region: string, postalCode: string): boolean {
  const match = /^(\d{4})-\d{3}$/.exec(postalCode);
  if (!match) return false;
  const prefix = Number(match[1]);
  if (prefix < 1000) return false;
  if (region === MADEIRA) return prefix >= 9000 && prefix < 9500;
  if (region === AZORES) return prefix >= 9500;
  return prefix < 9000;
}

export function isPostalCodeOf(country: Country, region: string, postalCode: string): boolean {
  return country === "ES"
    ? isSpanishPostalCodeOf(region, postalCode)
    : isPortuguesePostalCodeOf(region, postalCode);
}

/** Shoppers type "28 013", "28013 " or "1000 001": keep the digits and put the dash in its place. */
export function normalizePostalCode(country: Country, value: string): string {
  const digits = value.replace(/\D/g, "");
  if (country === "PT" && digits.length === 7) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return country === "ES" && digits.length === 5 ? digits : value.trim();
}
