import type { LoginForm, RegisterForm, SessionUser } from "#shared/api/account-contract.ts";
import { apiRequest } from "#web/lib/api-client.ts";

type AuthAnswer = { user: { id: string; email: string; name: string; lastName?: string } };

function toSessionUser({ user }: AuthAnswer): SessionUser {
  return { id: user.id, email: user.email, name: user.name, lastName: user.lastName ?? "" };
}

/**
 * Registers; the answer is the same whether or not the address had an account, and signs no one
 * in: a code is mailed to prove the address (issue 28), typed next with `proveAddress`.
 */
export async function signUp(form: RegisterForm): Promise<void> {
  const { name, lastName, email, password } = form;
  const body = JSON.stringify({ name, lastName, email, password });
  await apiRequest<unknown>("/api/auth/sign-up/email", { method: "POST", body });
}

/** The mailed code, typed in the browser that registered (or signed in): proves the address and signs in. */
export async function proveAddress(code: string): Promise<SessionUser> {
  const body = JSON.stringify({ code });
  return toSessionUser(
    await apiRequest<AuthAnswer>("/api/auth/sign-up/prove-address", { method: "POST", body }),
  );
}

/** Mails a new code: to the address this browser registered, or to the signed-in account's. */
export async function sendAddressCode(): Promise<void> {
  await apiRequest<unknown>("/api/auth/sign-up/send-address-code", { method: "POST", body: "{}" });
}

export async function signIn(form: LoginForm): Promise<SessionUser> {
  const body = JSON.stringify(form);
  return toSessionUser(await apiRequest<AuthAnswer>("/api/auth/sign-in/email", { method: "POST", body }));
}

/** A guest's session (decision 032): the cart and the checkout without an account. */
export async function signInAsGuest(): Promise<SessionUser> {
  const answer = await apiRequest<AuthAnswer>("/api/auth/sign-in/anonymous", { method: "POST", body: "{}" });
  return { ...toSessionUser(answer), guest: true };
}

export async function signOut(): Promise<void> {
  await apiRequest<unknown>("/api/auth/sign-out", { method: "POST", body: "{}" });
}

export async function deleteAccount(password: string): Promise<void> {
  await apiRequest<unknown>("/api/auth/delete-user", { method: "POST", body: JSON.stringify({ password }) });
}

/** Always answers the same, whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest<unknown>("/api/auth/request-password-reset", {
    method: "POST",
    body: JSON.stringify({ email }),
  });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await apiRequest<unknown>("/api/auth/reset-password", {
    method: "POST",
    body: JSON.stringify({ token, newPassword }),
  });
}

/** Changes the sign-in email; the password proves it is the account's owner. */
export async function changeEmail(newEmail: string, password: string): Promise<string> {
  const answer = await apiRequest<{ email: string }>("/api/me/email", {
    method: "POST",
    body: JSON.stringify({ newEmail, password }),
  });
  return answer.email;
}
