import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-client.ts";
import { passkeyErrorKey } from "./passkey-error-key.ts";

/** The shape of @simplewebauthn/browser's WebAuthnError: an Error with a code. */
const webAuthnError = (code: string, name = "Error") => Object.assign(new Error(code), { code, name });

describe("passkeyErrorKey", () => {
  it("says why the server refused", () => {
    expect(passkeyErrorKey(new ApiError(403, "EMAIL_NOT_VERIFIED", ""))).toBe(
      "account.passkeys.errors.proveEmail",
    );
    expect(passkeyErrorKey(new ApiError(403, "SESSION_NOT_FRESH", ""))).toBe(
      "account.passkeys.errors.signInAgain",
    );
    expect(passkeyErrorKey(new ApiError(401, "PASSKEY_NOT_FOUND", ""))).toBe(
      "account.passkeys.errors.notFound",
    );
    expect(passkeyErrorKey(new ApiError(400, "PASSKEYS_NEED_A_NAME", ""))).toBe("account.passkeys.ipAddress");
    expect(passkeyErrorKey(new ApiError(429, "RATE_LIMITED", ""))).toBe("account.passkeys.errors.tooMany");
    expect(passkeyErrorKey(new ApiError(500, "http-error", ""))).toBe("account.passkeys.errors.generic");
  });

  it("says what the browser did, and nothing when the page itself stopped it", () => {
    const cancelled = new DOMException(
      "The operation either timed out or was not allowed.",
      "NotAllowedError",
    );
    expect(passkeyErrorKey(cancelled)).toBe("account.passkeys.errors.cancelled");
    expect(passkeyErrorKey(webAuthnError("ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED"))).toBe(
      "account.passkeys.errors.alreadyAdded",
    );
    expect(passkeyErrorKey(webAuthnError("ERROR_CEREMONY_ABORTED", "AbortError"))).toBeNull();
    expect(passkeyErrorKey(new DOMException("aborted", "AbortError"))).toBeNull();
    expect(passkeyErrorKey("nonsense")).toBe("account.passkeys.errors.generic");
  });
});
