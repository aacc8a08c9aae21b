import { expect } from "vitest";
import { answerAtProvider, type LocalOidcProvider, startLocalOidcProvider } from "./local-oidc-provider.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "./test-app.ts";

/** Where the local provider sends the browser back: the shop's Google callback. */
export const GOOGLE_CALLBACK = `${TEST_ORIGIN}/api/auth/callback/google`;

/** The `name=value` pairs a response sets, as a browser would send them back. */
export function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");
}

/**
 * A browser going through Google (the local provider in its place, decision 033): pressing
 * «Continuar con Google», answering at the provider, and coming back to the shop's callback.
 */
export function googleFlow(api: TestApi, oidc: () => LocalOidcProvider) {
  /** Follows «Continuar con Google»: a plain link, answered with a redirect to the provider. */
  async function press(): Promise<{ providerUrl: string; cookie: string }> {
    const response = await api.request("/api/social/sign-in?provider=google");
    expect(response.status).toBe(303);
    const providerUrl = response.headers.get("location") ?? "";
    expect(providerUrl.startsWith(oidc().issuer)).toBe(true);
    return { providerUrl, cookie: cookiesOf(response).join("; ") };
  }

  /** The browser comes back from the provider to the shop's callback with its cookies. */
  async function comeBack(callbackUrl: string, cookie: string) {
    expect(callbackUrl.startsWith(GOOGLE_CALLBACK)).toBe(true);
    const url = new URL(callbackUrl);
    const response = await api.request(`${url.pathname}${url.search}`, { headers: { cookie } });
    expect(response.status).toBe(302);
    const session = cookiesOf(response).find((pair) => pair.startsWith("better-auth.session_token="));
    return { landing: response.headers.get("location") ?? "", session };
  }

  async function signIn(login: string) {
    const { providerUrl, cookie } = await press();
    return comeBack(await answerAtProvider(providerUrl, { login }), cookie);
  }

  return { press, comeBack, signIn };
}

/** A test API whose Google is a local provider started for it; `close` stops both. */
export async function apiWithLocalGoogle() {
  const oidc = await startLocalOidcProvider([GOOGLE_CALLBACK]);
  const { clientId, clientSecret, discoveryUrl } = oidc;
  const api = await createTestApi({ social: { google: { clientId, clientSecret, discoveryUrl } } });
  const close = async () => {
    await api.close();
    await oidc.close();
  };
  return { oidc, api, google: googleFlow(api, () => oidc), close };
}
