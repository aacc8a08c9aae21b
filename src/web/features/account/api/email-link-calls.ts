import type { SessionUser } from "#shared/api/account-contract.ts";
import { apiRequest } from "#web/lib/api-client.ts";

/** «Entrar con un enlace»: always answers the same, whether or not the address has an account. */
export async function requestEmailLink(email: string): Promise<void> {
  await apiRequest<unknown>("/api/auth/sign-in/magic-link", {
    method: "POST",
    body: JSON.stringify({ email }),
  });
}

/** The shopper this browser is signed in as now (a link opened in another tab), or null. */
export async function retrieveSignedInShopper(): Promise<SessionUser | null> {
  try {
    return (await apiRequest<{ user: SessionUser }>("/api/me")).user;
  } catch {
    return null;
  }
}
