import type { LoginForm, RegisterForm, SessionUser } from "#shared/api/account-contract.ts";
import { signedInUserOf } from "#shared/api/auth-endpoints.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { authPost } from "#web/lib/auth-client.ts";

/**
 * Registers; the answer is the same whether or not the address had an account, and signs no one
 * in: a code is mailed to prove the address (issue 28), typed next with `proveAddress`.
 */
export async function signUp(form: RegisterForm): Promise<void> {
  const { name, lastName, email, password } = form;
  await authPost("/api/auth/sign-up/email", { name, lastName, email, password });
}

/** The mailed code, typed in the browser that registered (or signed in): proves the address and signs in. */
export async function proveAddress(code: string): Promise<SessionUser> {
  return signedInUserOf(await authPost("/api/auth/sign-up/prove-address", { code }));
}

/** Mails a new code: to the address this browser registered, or to the signed-in account's. */
export async function sendAddressCode(): Promise<void> {
  await authPost("/api/auth/sign-up/send-address-code", {});
}

export async function signIn(form: LoginForm): Promise<SessionUser> {
  return signedInUserOf(await authPost("/api/auth/sign-in/email", form));
}

/** A guest's session (decision 032): the cart and the checkout without an account. */
export async function signInAsGuest(): Promise<SessionUser> {
  return { ...signedInUserOf(await authPost("/api/auth/sign-in/anonymous", {})), guest: true };
}

export async function signOut(): Promise<void> {
  await authPost("/api/auth/sign-out", {});
}

export async function deleteAccount(password: string): Promise<void> {
  await authPost("/api/auth/delete-user", { password });
}

/** Always answers the same, whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await authPost("/api/auth/request-password-reset", { email });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await authPost("/api/auth/reset-password", { token, newPassword });
}

/** Changes the sign-in email; the password proves it is the account's owner. */
export async function changeEmail(newEmail: string, password: string): Promise<string> {
  const answer = await answerOf(api.me.email.$post({ json: { newEmail, password } }));
  return answer.email;
}
