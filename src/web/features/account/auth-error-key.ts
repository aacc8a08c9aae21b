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
    // The page was opened at another address than PUBLIC_URL (takes the shop's {{origin}}).
    "wrong-origin": "common.wrongOrigin",
    INVALID_ORIGIN: "common.wrongOrigin",
  };
  return known[error.code] ?? "account.errors.generic";
}
