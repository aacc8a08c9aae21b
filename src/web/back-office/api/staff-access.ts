import type { StaffMe } from "#shared/api/staff-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";

/** The pages that depend on who is signed in (every page but the invitation's link). */
export type GuardedPage =
  | "home"
  | "enrolment"
  | "sign-in"
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

/** Pages only for someone not fully signed in yet. */
const ENTRY_PAGES: ReadonlySet<GuardedPage> = new Set(["sign-in", "enrolment"]);
/** Pages only the owner opens: the staff and their invitations, and a newsletter issue to send (decision 054). */
const OWNER_PAGES: ReadonlySet<GuardedPage> = new Set(["team", "new-issue"]);

/**
 * Where a page sends this person, or undefined when they stay (issue 30): nobody signed in goes
 * to the sign-in page; a staff member without a second factor to its enrolment; one with it away
 * from the entry pages, and away from the owner's pages unless they are the owner, to the landing
 * page. The server answers with it as a redirect, the browser navigates.
 */
export function redirectFor(page: GuardedPage, me: StaffMe | null): string | undefined {
  if (me === null) return page === "sign-in" ? undefined : backOfficePaths.signIn();
  if (!me.twoFactorEnabled) return page === "enrolment" ? undefined : backOfficePaths.enrolment();
  if (ENTRY_PAGES.has(page)) return backOfficePaths.home();
  if (OWNER_PAGES.has(page) && me.role !== "owner") return backOfficePaths.home();
  return undefined;
}

/** The secret of an `otpauth://` URI, for typing into an authenticator by hand, in groups of four. */
export function secretOf(totpUri: string): string | undefined {
  try {
    const secret = new URL(totpUri).searchParams.get("secret");
    return secret ? (secret.match(/.{1,4}/g) ?? []).join(" ") : undefined;
  } catch {
    return undefined;
  }
}

export const roleNames: Readonly<Record<StaffMe["role"], string>> = {
  owner: "Propietario",
  staff: "Personal",
};
