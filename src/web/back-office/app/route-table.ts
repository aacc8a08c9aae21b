import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { matchPattern } from "#web/lib/routing.tsx";

/** The back office's pages, by path (issue 30). Each is drawn by `back-office-routes.tsx`. */
export type BackOfficePage =
  | "home"
  | "sign-in"
  | "enrolment"
  | "invitation"
  | "orders"
  | "order"
  | "customers"
  | "customer"
  | "catalog"
  | "catalog-import"
  | "catalog-product"
  | "promotions"
  | "new-promotion"
  | "promotion"
  | "stock"
  | "stock-product"
  | "newsletter"
  | "newsletter-issues"
  | "newsletter-issue"
  | "new-issue"
  | "reviews"
  | "team";

/** Path patterns (":name" segments), most specific first where two could match. */
export const pageRoutes: ReadonlyArray<readonly [path: string, page: BackOfficePage]> = [
  [backOfficePaths.home(), "home"],
  [backOfficePaths.signIn(), "sign-in"],
  [backOfficePaths.enrolment(), "enrolment"],
  [backOfficePaths.invitation(), "invitation"],
  [backOfficePaths.orders(), "orders"],
  [backOfficePaths.order(), "order"],
  [backOfficePaths.customers(), "customers"],
  [backOfficePaths.customer(), "customer"],
  [backOfficePaths.catalog(), "catalog"],
  // Before the product's `:id`, which "importar" would match.
  [backOfficePaths.catalogImport(), "catalog-import"],
  [backOfficePaths.catalogProduct(), "catalog-product"],
  [backOfficePaths.promotions(), "promotions"],
  [backOfficePaths.newPromotion(), "new-promotion"],
  [backOfficePaths.promotion(), "promotion"],
  [backOfficePaths.stock(), "stock"],
  [backOfficePaths.stockProduct(), "stock-product"],
  [backOfficePaths.newsletter(), "newsletter"],
  [backOfficePaths.newsletterIssues(), "newsletter-issues"],
  [backOfficePaths.newIssue(), "new-issue"],
  [backOfficePaths.newsletterIssue(), "newsletter-issue"],
  [backOfficePaths.reviews(), "reviews"],
  [backOfficePaths.team(), "team"],
];

export type MatchedPage = { page: BackOfficePage; params: Readonly<Record<string, string | undefined>> };

/** The page at `pathname` and its parameters, or undefined when no page is there. */
export function pageAt(pathname: string): MatchedPage | undefined {
  for (const [pattern, page] of pageRoutes) {
    const params = matchPattern(pattern, pathname);
    if (params) return { page, params };
  }
  return undefined;
}
