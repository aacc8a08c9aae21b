import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-client.ts";
import { authErrorKey } from "./auth-error-key.ts";

describe("identity errors as messages (spec §8)", () => {
  it.each([
    [new ApiError(422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", ""), "account.errors.emailInUse"],
    [new ApiError(401, "INVALID_EMAIL_OR_PASSWORD", ""), "account.errors.invalidCredentials"],
    [new ApiError(400, "INVALID_PASSWORD", ""), "account.errors.wrongPassword"],
    [new ApiError(429, "TOO_MANY_ATTEMPTS", ""), "account.errors.accountLocked"],
    [new ApiError(429, "http-error", ""), "account.errors.tooManyRequests"],
    [new ApiError(429, "TOO_MANY_LINKS", ""), "account.emailLink.tooMany"],
    [new ApiError(400, "INVALID_TOKEN", ""), "account.errors.expiredLink"],
    [new ApiError(403, "wrong-origin", ""), "common.wrongOrigin"],
    [new ApiError(403, "INVALID_ORIGIN", ""), "common.wrongOrigin"],
    [new ApiError(500, "SOMETHING_NEW", ""), "account.errors.generic"],
    [new TypeError("Failed to fetch"), "account.errors.network"],
  ])("turns %o into %s", (error, key) => {
    expect(authErrorKey(error)).toBe(key);
  });
});
