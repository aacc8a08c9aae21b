/** The per-user documents whose changes are pushed live to every open session. */
export const shopperDocuments = ["cart", "wishlist", "addresses", "personalData", "orders"] as const;
export type ShopperDocument = (typeof shopperDocuments)[number];

/** The server-sent events of /api/events. */
export const LIVE_EVENTS_PATH = "/api/events";
/** Sent once the stream is subscribed: anything may have changed before it. */
export const READY_EVENT = "ready";
/** One of the shopper's documents changed; its data is the ShopperDocument. */
export const CHANGE_EVENT = "change";
/** The server closed this stream for a newer one of the same shopper (too many open at once). */
export const SUPERSEDED_EVENT = "superseded";

export function isShopperDocument(value: unknown): value is ShopperDocument {
  return shopperDocuments.some((document) => document === value);
}
