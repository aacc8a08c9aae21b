import { z } from "zod";
import { brand } from "./brand.ts";

/** The id of one of the shop's carriers (`brand.carriers`). */
export type CarrierId = (typeof brand.carriers)[number]["id"];

export const carrierIds: readonly CarrierId[] = brand.carriers.map((carrier) => carrier.id);

/** A carrier's id as a shipment names it: one of the shop's carriers only. */
export const carrierIdSchema = z.enum(carrierIds, {
  error: (issue) => (issue.input === undefined ? "carrier-required" : "carrier-unknown"),
});

/**
 * A parcel's number as carriers print it: read without the blanks around it and in capitals, then
 * 4 to 40 of A–Z, 0–9 and "-" (nothing else reaches the tracking link or the shopper's mail).
 */
export const trackingNumberSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? "tracking-number-required" : "tracking-number-invalid"),
  })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{4,40}$/, "tracking-number-invalid");

/** Where a shipped order is: who carries it, its number, and the carrier's page that follows it. */
export type Shipment = { carrier: string; number: string; url: string };

/**
 * The shopper's tracking link (issue 30): the carrier's name and its page for this number, or null
 * when the carrier is none of the shop's.
 */
export function trackingLink(carrierId: string, number: string): Shipment | null {
  const carrier = brand.carriers.find((known) => known.id === carrierId);
  if (!carrier) return null;
  return {
    carrier: carrier.name,
    number,
    url: carrier.trackingUrl.replace("{number}", () => encodeURIComponent(number)),
  };
}
