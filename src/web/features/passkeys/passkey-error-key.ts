import { ApiError } from "#web/lib/api-client.ts";

const PREFIX = "account.passkeys.errors.";

/** The server's refusals (better-auth's passkey plugin and ours, decision 036), as texts. */
const SERVER_CODES: Readonly<Record<string, string>> = {
  EMAIL_NOT_VERIFIED: "proveEmail",
  ACCOUNT_REQUIRED: "signInAgain",
  UNAUTHORIZED: "signInAgain",
  SESSION_NOT_FRESH: "signInAgain",
  PASSKEY_NOT_FOUND: "notFound",
  CHALLENGE_NOT_FOUND: "expired",
  PASSKEYS_NEED_A_NAME: "needName",
};

/** The browser's refusals, by the codes @simplewebauthn/browser gives them (or their names). */
const BROWSER_CODES: Readonly<Record<string, string>> = {
  NotAllowedError: "cancelled",
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: "alreadyAdded",
  ERROR_INVALID_DOMAIN: "needName",
  ERROR_INVALID_RP_ID: "needName",
};

/**
 * What to tell the shopper after a passkey step failed, as a text key; null when there is
 * nothing to say (the page itself stopped the step: the shopper left, or chose another way in).
 */
export function passkeyErrorKey(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.status === 429) return `${PREFIX}tooMany`;
    const known = SERVER_CODES[error.code];
    if (known === "needName") return "account.passkeys.ipAddress";
    return `${PREFIX}${known ?? "generic"}`;
  }
  const code = browserCode(error);
  if (code === "ERROR_CEREMONY_ABORTED" || code === "AbortError") return null;
  const known = code ? BROWSER_CODES[code] : undefined;
  if (known === "needName") return "account.passkeys.ipAddress";
  return `${PREFIX}${known ?? "generic"}`;
}

/** A WebAuthnError's code, else a DOMException's name. */
function browserCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code: unknown = "code" in error ? error.code : undefined;
  return typeof code === "string" ? code : error.name;
}
