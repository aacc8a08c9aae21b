import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-client.ts";
import esShopper from "#web/lib/i18n/locales/es.shopper.json";
import ptShopper from "#web/lib/i18n/locales/pt.shopper.json";
import { authErrorKey, socialErrorKey, socialLinkErrorKey } from "./auth-error-key.ts";

describe("identity errors as messages (spec §8)", () => {
  it.each([
    [new ApiError(422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", ""), "account.errors.emailInUse"],
    [new ApiError(401, "INVALID_EMAIL_OR_PASSWORD", ""), "account.errors.invalidCredentials"],
    [new ApiError(400, "INVALID_PASSWORD", ""), "account.errors.wrongPassword"],
    [new ApiError(429, "TOO_MANY_ATTEMPTS", ""), "account.errors.accountLocked"],
    [new ApiError(429, "http-error", ""), "account.errors.tooManyRequests"],
    [new ApiError(429, "TOO_MANY_LINKS", ""), "account.emailLink.tooMany"],
    [new ApiError(400, "INVALID_TOKEN", ""), "account.errors.expiredLink"],
    [new ApiError(400, "INVALID_CODE", ""), "account.addressProof.wrongCode"],
    [new ApiError(403, "ADDRESS_NOT_PROVEN", ""), "account.addressProof.notProven"],
    [new ApiError(403, "wrong-origin", ""), "common.wrongOrigin"],
    [new ApiError(403, "INVALID_ORIGIN", ""), "common.wrongOrigin"],
    [new ApiError(500, "SOMETHING_NEW", ""), "account.errors.generic"],
    [new ApiError(400, "constructor", ""), "account.errors.generic"],
    [new TypeError("Failed to fetch"), "account.errors.network"],
  ])("turns %o into %s", (error, key) => {
    expect(authErrorKey(error)).toBe(key);
    if (!key.startsWith("account.addressProof.")) return;
    const [, , name = ""] = key.split(".");
    expect(esShopper.account.addressProof).toHaveProperty(name);
    expect(ptShopper.account.addressProof).toHaveProperty(name);
  });
});

describe("a social sign-in's failure as a message (decision 033)", () => {
  it.each([
    ["access_denied", "socialSignIn.errors.cancelled"],
    ["account_not_linked", "socialSignIn.errors.accountExists"],
    ["provider_unavailable", "socialSignIn.errors.providerDown"],
    ["temporarily_unavailable", "socialSignIn.errors.providerDown"],
    ["invalid_code", "socialSignIn.errors.providerDown"],
    ["state_mismatch", "socialSignIn.errors.expired"],
    ["email_not_found", "socialSignIn.errors.noEmail"],
    ["something_new", "socialSignIn.errors.generic"],
    ["constructor", "socialSignIn.errors.generic"],
  ])("turns %s into %s, written in Spanish and Portuguese", (code, key) => {
    expect(socialErrorKey(code)).toBe(key);
    const [, , name = ""] = key.split(".");
    expect(esShopper.socialSignIn.errors).toHaveProperty(name);
    expect(ptShopper.socialSignIn.errors).toHaveProperty(name);
  });
});

describe("connecting a provider that failed, as a message", () => {
  it.each([
    ["unable_to_link_account", "connectedAccounts.errors.unverified"],
    ["account_already_linked_to_different_user", "connectedAccounts.errors.taken"],
    ["address_not_proven", "connectedAccounts.errors.notProven"],
    ["access_denied", "connectedAccounts.errors.cancelled"],
    ["temporarily_unavailable", "connectedAccounts.errors.providerDown"],
    ["state_mismatch", "connectedAccounts.errors.expired"],
    ["email_not_found", "connectedAccounts.errors.generic"],
    ["toString", "connectedAccounts.errors.generic"],
  ])("turns %s into %s, written in Spanish and Portuguese", (code, key) => {
    expect(socialLinkErrorKey(code)).toBe(key);
    const [, , name = ""] = key.split(".");
    expect(esShopper.connectedAccounts.errors).toHaveProperty(name);
    expect(ptShopper.connectedAccounts.errors).toHaveProperty(name);
  });
});
