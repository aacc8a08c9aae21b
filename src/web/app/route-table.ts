import { FLAG_PARAM, guardedPatterns, listQuery, type PageCaching } from "#shared/paths.ts";
import type { TextPart } from "#shared/text-parts.ts";
import { matchPattern } from "#web/lib/routing.tsx";
import type { PageModule } from "./page-module.ts";

/**
 * Spec §2's public routes, the page module each one loads (./pages/{page}.tsx), and how the
 * visitors' page cache treats its pages (decision 035; none: kept, without a query).
 */
export const publicRoutes = [
  { path: "/", page: "home-page" },
  { path: "/categoria/:categoria", page: "category-page", caching: { keptQuery: listQuery } },
  { path: "/detalle/:producto", page: "product-page" },
  { path: "/producto/:producto", page: "search-page", caching: { keptQuery: { page: listQuery.page } } },
  { path: "/footer/:slug", page: "info-page" },
  { path: "/derechos", page: "rights-page" },
  // The reset request and the link request; the mailed links' tokens are never kept.
  {
    path: "/login",
    page: "login-page",
    caching: { keptQuery: { recuperar: FLAG_PARAM, "pedir-enlace": FLAG_PARAM } },
  },
  { path: "/register", page: "register-page" },
  // An order mail's signed link: for whoever holds it, account or not (decision 032).
  { path: "/pedido/:id", page: "order-link-page", caching: { private: true } },
] as const satisfies readonly { path: string; page: string; caching?: PageCaching }[];

/**
 * The catalogue's pages: the same for every shopper but for their own parts, the personal holes
 * (decision 020). Sign-in and sign-up answer a signed-in shopper differently, so they are not.
 */
const sharedPages: ReadonlySet<PageName> = new Set([
  "home-page",
  "category-page",
  "product-page",
  "search-page",
  "info-page",
  "rights-page",
]);

export function isSharedPage(page: PageName): boolean {
  return sharedPages.has(page);
}

/**
 * The parts of the interface texts a page needs (shared/text-parts.ts): the catalogue's pages
 * the first alone, sign-in, sign-up and the shopper's pages the shopper's too. The footer loads
 * its own part when it nears the viewport.
 */
export function textPartsOf(page: PageName | undefined): TextPart[] {
  return page === undefined || isSharedPage(page) ? ["catalog"] : ["catalog", "shopper"];
}

/** Spec §2's guarded group: only a signed-in shopper sees these. */
export const guardedRoutes = guardedPatterns;

export const guardedPages = {
  "/checkout": "checkout-page",
  "/checkout/fin": "checkout-end-page",
  "/wishlist": "wishlist-page",
  "/direccion": "addresses-page",
  "/pedidos": "orders-page",
  "/abono": "credit-notes-page",
  "/cupones": "coupons-page",
  "/comprasRealizadas": "purchases-page",
  "/detalle/compra/:id": "purchase-page",
  "/datos/personales": "personal-data-page",
} as const satisfies Record<(typeof guardedPatterns)[number], string>;

export type PageName =
  | (typeof publicRoutes)[number]["page"]
  | (typeof guardedPages)[keyof typeof guardedPages];

export function guardedPage(path: (typeof guardedPatterns)[number]): PageName {
  return guardedPages[path];
}

const pageModules = import.meta.glob<PageModule>("./pages/*.tsx");

export function loadPage(name: PageName): Promise<PageModule> {
  const load = pageModules[`./pages/${name}.tsx`];
  if (!load) throw new Error(`No page module ${name}`);
  return load();
}

export type MatchedPage = {
  page: PageName;
  /** The route's pattern as declared. */
  pattern: string;
  params: Record<string, string | undefined>;
  caching: PageCaching;
};

/** The page a path shows, with its parameters; undefined for a path the shop does not know. */
export function matchPage(pathname: string): MatchedPage | undefined {
  for (const route of publicRoutes) {
    const params = matchPattern(route.path, pathname);
    const caching: PageCaching = "caching" in route ? route.caching : {};
    if (params) return { page: route.page, pattern: route.path, params, caching };
  }
  // Guarded pages render their guard, which sends a signed-out shopper home in the browser.
  for (const path of guardedRoutes) {
    const params = matchPattern(path, pathname);
    if (params) return { page: guardedPage(path), pattern: path, params, caching: {} };
  }
  return undefined;
}
