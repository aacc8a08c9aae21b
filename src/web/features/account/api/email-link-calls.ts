import type { SessionUser } from "#shared/api/account-contract.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { authPost } from "#web/lib/auth-client.ts";

/** «Entrar con un enlace»: always answers the same, whether or not the address has an account. */
export async function requestEmailLink(email: string): Promise<void> {
  await authPost("/api/auth/sign-in/magic-link", { email });
}

/** The shopper this browser is signed in as now (a link opened in another tab), or null. */
export async function retrieveSignedInShopper(): Promise<SessionUser | null> {
  try {
    return (await answerOf(api.me.$get())).user;
  } catch {
    return null;
  }
}
