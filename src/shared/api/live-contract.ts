/* Free of zod: every signed-in page loads this up front. */
/** The per-user documents whose changes are pushed live to every open session. */
export const shopperDocuments = ["cart", "wishlist", "addresses", "personalData", "orders"] as const;
export type ShopperDocument = (typeof shopperDocuments)[number];

/** The server-sent events of /api/events. */
export const LIVE_EVENTS_PATH = "/api/events";
/** Sent once the stream is subscribed: anything may have changed before it. */
export const READY_EVENT = "ready";
/** One of the shopper's documents changed; its data is the ShopperDocument. */
export const CHANGE_EVENT = "change";
/**
 * The catalogue changed (a price, a text, a product shown or hidden; decision 053): its data is
 * the catalogue's revision. The page refetches what it shows of the catalogue.
 */
export const CATALOG_EVENT = "catalog";
/** The queries that show the catalogue's products: a catalogue change refetches them. */
export const catalogQueryRoots = ["home", "product", "category", "search", "cart", "wishlist"] as const;
/** The server closed this stream for a newer one of the same shopper (too many open at once). */
export const SUPERSEDED_EVENT = "superseded";

/**
 * `GET /api/events?browser=ID&lead=N`: the tab holding a browser's one stream names the browser
 * and counts how many times its tabs have taken the lead. A new stream from the browser replaces
 * its earlier one (a last leader whose close has not reached the server yet) instead of counting
 * against the shopper's other devices, and a stream from an earlier leader that arrives late is
 * refused instead of replacing the current one.
 */
export const LIVE_BROWSER_PARAM = "browser";
export const LIVE_LEAD_PARAM = "lead";
export const LIVE_BROWSER_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function isShopperDocument(value: unknown): value is ShopperDocument {
  return shopperDocuments.some((document) => document === value);
}
