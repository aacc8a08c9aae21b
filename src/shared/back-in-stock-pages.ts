/**
 * Where «Avísame cuando vuelva» posts without the script, and the unsubscribe page its mail links
 * to (issue 33). Apart from the request's schema, so that the product page does not load zod.
 */
export const BACK_IN_STOCK_PAGES = { form: "/avisame", unsubscribe: "/avisame/baja" } as const;
