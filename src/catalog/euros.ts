/**
 * Prices as the catalogue file writes them: `precio`, a number of euros (spec §3). The shop
 * carries integer cents everywhere else (`shared/money.ts`); a price becomes cents once, when a
 * catalogue record becomes a product (`productFromRecord`). With `shared/money.ts`, the only module
 * allowed a `* 100` or `/ 100` on money (`shared/money-units.test.ts`, decision 029, amended).
 */

/**
 * A catalogue price in euros as integer cents. Binary floats: 133.95 * 100 is 13394.999…, so the
 * product is rounded to the nearest cent, as the cart's subtotal always added prices.
 */
export function centsFromEuros(euros: number): number {
  return Math.round(euros * 100);
}

/** Whether a price in euros has at most two decimals, with a float's tolerance. */
export function hasWholeCents(euros: number): boolean {
  return Math.abs(euros * 100 - centsFromEuros(euros)) < 1e-6;
}

/** A price in euros rounded to the cent, still in euros: the importer's repair of a file's price. */
export function roundedToCent(euros: number): number {
  return centsFromEuros(euros) / 100;
}

/** Cents as the catalogue file writes a price, in euros (a generated or exported catalogue). */
export function eurosFromCents(cents: number): number {
  return cents / 100;
}
