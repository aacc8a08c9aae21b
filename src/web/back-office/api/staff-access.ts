import type { StaffMe } from "#shared/api/staff-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";

/** The pages that depend on who is signed in. */
export type GuardedPage = "home" | "enrolment" | "sign-in";

/**
 * Where a page sends this person, or undefined when they stay (issue 30): nobody signed in goes
 * to the sign-in page; a staff member without a second factor to its enrolment; one with it to
 * the landing page. The server answers with it as a redirect, the browser navigates.
 */
export function redirectFor(page: GuardedPage, me: StaffMe | null): string | undefined {
  if (me === null) return page === "sign-in" ? undefined : backOfficePaths.signIn();
  if (!me.twoFactorEnabled) return page === "enrolment" ? undefined : backOfficePaths.enrolment();
  return page === "home" ? undefined : backOfficePaths.home();
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
