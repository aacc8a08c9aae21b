import type { Country } from "./address/regions.ts";

/** National numbers: Spain's start with 6–9, Portugal's with 2 (landlines) or 9 (mobiles). */
const national: Record<Country, RegExp> = { ES: /^[6789]\d{8}$/, PT: /^[29]\d{8}$/ };
const international = /^(?:\+|00)(?:34[6789]\d{8}|351[29]\d{8})$/;

/**
 * A Spanish or Portuguese phone number, spaces and dashes allowed. With its country prefix
 * (+34, +351) either country is fine; without it, the number must be one of `home`'s.
 */
export function isValidPhone(value: string, home: Country = "ES"): boolean {
  const compact = value.replace(/[\s-]/g, "");
  return international.test(compact) || national[home].test(compact);
}
