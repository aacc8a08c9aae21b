import { sortOptions } from "./api/list-options.ts";

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
  /** The accessibility statement (issue 33: the European Accessibility Act). */
  "declaracion-de-accesibilidad",
  /** How reviews are checked to come from real buyers (issue 33: the EU Omnibus rules). */
  "como-verificamos-las-opiniones",
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
 * How the visitors' page cache treats a route's pages (decision 035): declared with the route
 * (web/app/route-table.ts) and read from the route that matched, never from how a path is spelt.
 */
export type PageCaching = {
  /** One person's data for whoever holds the address (a signed order link): kept by no cache. */
  private?: true;
  /**
   * The query parameters a kept page's address may carry, each with the raw values it takes. A
   * page asked for with another parameter, another value or one parameter twice is drawn for its
   * request and not kept.
   */
  keptQuery?: Readonly<Record<string, RegExp>>;
};

/** A parameter that is there or not, as `/login?recuperar`. */
export const FLAG_PARAM = /^$/;
/** The product lists' `?page=` (1 to 1000, as the API takes it) and `?sort=`. */
export const listQuery = {
  page: /^(?:[1-9]\d{0,2}|1000)$/,
  sort: new RegExp(`^(?:${sortOptions.join("|")})$`),
} as const satisfies PageCaching["keptQuery"];

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
