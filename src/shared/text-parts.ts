import type { Lang } from "./lang.ts";

/**
 * The interface texts come in parts, each a module of the build: the catalogue's, which every page
 * needs; the shopper's (sign-in, account, checkout, orders), loaded only with the pages that use
 * them; and the footer's (its columns, the newsletter, the rights), loaded with the footer when it
 * nears the viewport. A visitor's first view carries the first alone (issue 13).
 */
export const textParts = ["catalog", "shopper", "footer"] as const;
export type TextPart = (typeof textParts)[number];

/** The top-level namespaces of the parts other than the catalogue's (checked by translate.test.ts). */
export const partNamespaces = {
  shopper: [
    "account",
    "checkout",
    "orders",
    "addresses",
    "coupons",
    "personalData",
    "socialSignIn",
    "connectedAccounts",
    // A product's reviews and «Avísame cuando vuelva»: below, or instead of, the first view's buttons.
    "productReviews",
    "backInStock",
  ],
  footer: ["footer", "newsletter", "rights"],
} as const satisfies Record<Exclude<TextPart, "catalog">, readonly string[]>;

/** The source module of one part's texts in one language, as the build manifest names it. */
export function textsModule(lang: Lang, part: TextPart): string {
  return `src/web/lib/i18n/locales/${lang}${part === "catalog" ? "" : `.${part}`}.json`;
}
