import { ApiError } from "#web/lib/api-client.ts";

/** Spec §8's identity errors as interface texts (account.errors.*): never a raw code. */
export function authErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return "account.errors.network";
  if (error.code === "TOO_MANY_ATTEMPTS") return "account.errors.accountLocked";
  if (error.code === "TOO_MANY_LINKS") return "account.emailLink.tooMany";
  if (error.status === 429) return "account.errors.tooManyRequests";
  if (error.code.startsWith("USER_ALREADY_EXISTS")) return "account.errors.emailInUse";
  const known: Record<string, string> = {
    INVALID_EMAIL_OR_PASSWORD: "account.errors.invalidCredentials",
    INVALID_PASSWORD: "account.errors.wrongPassword",
    PASSWORD_REQUIRED: "account.errors.passwordRequired",
    USER_NOT_FOUND: "account.errors.invalidCredentials",
    PASSWORD_TOO_SHORT: "account.errors.passwordTooShort",
    PASSWORD_TOO_LONG: "account.errors.passwordTooLong",
    PASSWORD_TOO_COMMON: "account.errors.passwordTooCommon",
    INVALID_TOKEN: "account.errors.expiredLink",
    TOKEN_EXPIRED: "account.errors.expiredLink",
    // The code that proves an address, and what waits for one (issue 28).
    INVALID_CODE: "account.addressProof.wrongCode",
    ADDRESS_NOT_PROVEN: "account.addressProof.notProven",
    // The page was opened at another address than PUBLIC_URL (takes the shop's {{origin}}).
    "wrong-origin": "common.wrongOrigin",
    INVALID_ORIGIN: "common.wrongOrigin",
  };
  // Codes come from answers: only our own keys, never an object's inherited ones ("constructor").
  return Object.hasOwn(known, error.code) ? (known[error.code] ?? "") : "account.errors.generic";
}

/**
 * A social sign-in's failure, as it lands on /login (`?acceso=social&error=`: the provider's
 * OAuth code, better-auth's or ours; decision 033), as an interface text (socialSignIn.errors.*).
 * Spec §8's network-request-failed is the provider down; invalid-auth-event a state that does not
 * match; there are no popups to be blocked (the sign-in is a full-page redirect).
 */
export function socialErrorKey(code: string): string {
  return `socialSignIn.errors.${socialErrorKind(code)}`;
}

/**
 * Connecting a provider to the signed-in account failed (`/datos/personales?conexion=social&error=`),
 * as an interface text (connectedAccounts.errors.*): better-auth's two refusals of a link, else
 * what a sign-in's failure would be.
 */
export function socialLinkErrorKey(code: string): string {
  const own: Record<string, string> = {
    unable_to_link_account: "unverified",
    account_already_linked_to_different_user: "taken",
    address_not_proven: "notProven",
  };
  const kind = (Object.hasOwn(own, code) ? own[code] : undefined) ?? socialErrorKind(code);
  return `connectedAccounts.errors.${kind === "accountExists" || kind === "noEmail" ? "generic" : kind}`;
}

function socialErrorKind(code: string): string {
  const known: Record<string, string> = {
    access_denied: "cancelled",
    consent_required: "cancelled",
    login_required: "cancelled",
    interaction_required: "cancelled",
    account_not_linked: "accountExists",
    email_does_not_match: "accountExists",
    provider_unavailable: "providerDown",
    temporarily_unavailable: "providerDown",
    server_error: "providerDown",
    invalid_code: "providerDown",
    unable_to_get_user_info: "providerDown",
    oauth_provider_not_found: "providerDown",
    state_mismatch: "expired",
    state_not_found: "expired",
    state_invalid: "expired",
    no_code: "expired",
    email_not_found: "noEmail",
  };
  // The code comes from the address bar: only our own keys, never an object's inherited ones.
  return (Object.hasOwn(known, code) ? known[code] : undefined) ?? "generic";
}
