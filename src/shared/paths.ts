/** Every route of spec §2, defined once for the web app, the sitemap and the tests. */
export const infoPageSlugs = [
  "envios",
  "cambios-devoluciones",
  "preguntas-frecuentes",
  "quienes-somos",
  "condiciones-de-uso",
  "politica-de-privacidad",
  "politica-de-cookies",
  "nota-legal",
] as const;
export type FooterSlug = (typeof infoPageSlugs)[number];

export const paths = {
  home: () => "/",
  category: (name: string) => `/categoria/${encodeURIComponent(name)}`,
  product: (id: number) => `/detalle/${id}`,
  search: (text: string) => `/producto/${encodeURIComponent(text)}`,
  /** Where the header's search form goes without the script; the server sends it on to search(). */
  searchForm: () => "/producto",
  login: () => "/login",
  /** "Forgot your password?" (the sign-in page's reset request). */
  resetRequest: () => "/login?recuperar",
  /** The mailed link's page, to choose a new password. */
  resetPassword: (token: string) => `/login?restablecer=${encodeURIComponent(token)}`,
  /** «Entrar con un enlace»: the sign-in page's request for a link (decision 031). */
  emailLinkRequest: () => "/login?pedir-enlace",
  /** The mailed sign-in link's page: a button that uses the link (mail scanners only open it). */
  emailLink: (token: string) => `/login?enlace=${encodeURIComponent(token)}`,
  /** Signed in by a link that removed a password set before the address was ever proven. */
  emailLinkPasswordRemoved: () => "/login?enlace-sin-contrasena",
  register: () => "/register",
  footer: (slug: FooterSlug) => `/footer/${slug}`,
  rights: () => "/derechos",
  checkout: () => "/checkout",
  checkoutEnd: () => "/checkout/fin",
  addresses: () => "/direccion",
  coupons: () => "/cupones",
  credit: () => "/abono",
  orders: () => "/pedidos",
  wishlist: () => "/wishlist",
  personalData: () => "/datos/personales",
  purchases: () => "/comprasRealizadas",
  purchase: (id: string) => `/detalle/compra/${encodeURIComponent(id)}`,
  /** An order mail's signed link: the order, read-only, for whoever holds it (decision 032). */
  orderLink: (id: string, token: string) =>
    `/pedido/${encodeURIComponent(id)}?clave=${encodeURIComponent(token)}`,
} as const;

/**
 * Pages that show one person's data to whoever holds their address (the signed order links): never
 * kept in the visitors' page cache.
 */
export function isPrivatePage(pathname: string): boolean {
  return pathname.startsWith("/pedido/");
}

/** The guarded pages a guest may see too: the cart and the checkout (decision 032). */
export const guestPatterns: readonly string[] = ["/checkout", "/checkout/fin"];

/** The field of the search form (paths.searchForm). */
export const SEARCH_FORM_FIELD = { text: "texto" } as const;

/** The guarded group of spec §2: only a signed-in shopper sees these. */
export const guardedPatterns = [
  "/checkout",
  "/checkout/fin",
  "/direccion",
  "/cupones",
  "/abono",
  "/pedidos",
  "/wishlist",
  "/datos/personales",
  "/comprasRealizadas",
  "/detalle/compra/:id",
] as const;
