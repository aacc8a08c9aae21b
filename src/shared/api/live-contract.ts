/** The per-user documents whose changes are pushed live to every open session. */
export const shopperDocuments = ["cart", "wishlist", "addresses", "personalData", "orders"] as const;
export type ShopperDocument = (typeof shopperDocuments)[number];

/** Server-sent event name on /api/events; its data is the ShopperDocument that changed. */
export const CHANGE_EVENT = "change";
