import type { Lang } from "./lang.ts";

/**
 * The interface texts come in parts, each a module of the build: the catalogue's, which every page
 * needs, and the shopper's (sign-in, account, checkout, orders), loaded only with the pages that
 * use them. A visitor's first view carries the first alone (issue 13).
 */
export const textParts = ["catalog", "shopper"] as const;
export type TextPart = (typeof textParts)[number];

/** The top-level namespaces of the shopper's part; every other one is the catalogue's (checked by translate.test.ts). */
export const shopperNamespaces = [
  "account",
  "checkout",
  "orders",
  "addresses",
  "coupons",
  "personalData",
] as const;

/** The source module of one part's texts in one language, as the build manifest names it. */
export function textsModule(lang: Lang, part: TextPart): string {
  return `src/web/lib/i18n/locales/${lang}${part === "catalog" ? "" : `.${part}`}.json`;
}
