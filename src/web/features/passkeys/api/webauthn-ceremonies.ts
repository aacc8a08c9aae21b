import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from "@simplewebauthn/browser";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { authGet, authPost } from "#web/lib/auth-client.ts";
import { creationOptionsSchema, requestOptionsSchema, signInAnswerSchema } from "./webauthn-schemas.ts";

/**
 * The passkey ceremonies with the browser's authenticator (decision 036), in their own chunk
 * with @simplewebauthn/browser: loaded by /login and the account page when they use a passkey,
 * never by the storefront's first view.
 */

/** Adds a passkey to the signed-in account: the server's options, the authenticator, the answer. */
export async function registerPasskey(name: string): Promise<void> {
  const options = await authGet("/api/auth/passkey/generate-register-options");
  const response = await startRegistration({ optionsJSON: creationOptionsSchema.parse(options) });
  await authPost("/api/auth/passkey/verify-registration", name ? { response, name } : { response });
}

/**
 * Signs in with a passkey: chosen in the browser's own dialog, or (`autofill`) from the
 * suggestions of the e-mail field (`autocomplete="username webauthn"`), which waits until the
 * shopper picks one or the page cancels it.
 */
export async function signInWithPasskey({ autofill }: { autofill: boolean }): Promise<SessionUser> {
  const options = await authGet("/api/auth/passkey/generate-authenticate-options");
  const response = await startAuthentication({
    optionsJSON: requestOptionsSchema.parse(options),
    useBrowserAutofill: autofill,
  });
  const answer = await authPost("/api/auth/passkey/verify-authentication", { response });
  const { user } = signInAnswerSchema.parse(answer);
  return { id: user.id, email: user.email, name: user.name, lastName: user.lastName ?? "" };
}

/** Whether the browser offers passkeys among the e-mail field's suggestions. */
export const autofillAvailable = () => browserSupportsWebAuthnAutofill();

/** Stops a ceremony under way (the page is left, or the shopper chose the other way in). */
export function cancelCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}
