import { generateKeyPairSync } from "node:crypto";
import { exportJWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SOCIAL_ERROR_LANDING, SOCIAL_LANDING } from "#shared/api/social-sign-in-contract.ts";
import { cookiesOf } from "../testing/social-flow.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { APPLE_ORIGIN } from "./social-sign-in.ts";

/**
 * Sign in with Apple (decision 033) as far as it can go without Apple: the shop's own requests,
 * Apple's form posted back, and Apple's two endpoints the server calls (the token exchange and its
 * signing keys) answered here by a stand-in for `https://appleid.apple.com`, with an ID token
 * signed by a key of the test's own.
 */
const appleConfig = {
  clientId: "com.example.tienda.web",
  teamId: "TEAM123456",
  keyId: "KEY1234567",
  privateKey: generateKeyPairSync("ec", { namedCurve: "P-256" })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString(),
};
const appleSigningKey = generateKeyPairSync("rsa", { modulusLength: 2048 });
const KID = "apple-test-key";

type AppleShopper = { sub: string; email: string; emailVerified: boolean };
/** Who Apple's token endpoint vouches for next; none: it refuses the code (invalid_grant). */
type Identity = AppleShopper & { nonce?: string };
let nextIdentity: Identity | null = null;
/** What the shop sent Apple's token endpoint. */
const tokenRequests: URLSearchParams[] = [];

async function appleIdToken(identity: Identity): Promise<string> {
  return new SignJWT({
    email: identity.email,
    email_verified: identity.emailVerified ? "true" : "false",
    ...(identity.nonce ? { nonce: identity.nonce } : {}),
  })
    .setProtectedHeader({ alg: "RS256", kid: KID })
    .setIssuer(APPLE_ORIGIN)
    .setAudience(appleConfig.clientId)
    .setSubject(identity.sub)
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(appleSigningKey.privateKey);
}

/** Apple's endpoints, answered here; every other request goes out as usual. */
async function appleStandIn(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (url === `${APPLE_ORIGIN}/auth/keys`) {
    const jwk = await exportJWK(appleSigningKey.publicKey);
    return Response.json({ keys: [{ ...jwk, kid: KID, alg: "RS256", use: "sig" }] });
  }
  if (url === `${APPLE_ORIGIN}/auth/token`) {
    tokenRequests.push(new URLSearchParams(String(init?.body ?? "")));
    if (!nextIdentity) return Response.json({ error: "invalid_grant" }, { status: 400 });
    const idToken = await appleIdToken(nextIdentity);
    return Response.json({ access_token: "at", token_type: "Bearer", expires_in: 3600, id_token: idToken });
  }
  if (url.startsWith(APPLE_ORIGIN)) return new Response("not found", { status: 404 });
  return realFetch(input, init);
}

const realFetch = globalThis.fetch;
let api: TestApi;
beforeAll(async () => {
  vi.spyOn(globalThis, "fetch").mockImplementation(appleStandIn);
  api = await createTestApi({ social: { apple: appleConfig } });
});
afterAll(async () => {
  await api.close();
  vi.restoreAllMocks();
});

/** «Continuar con Apple»: the link, then Apple's authorization page (its address's parameters). */
async function pressApple() {
  const start = await api.request("/api/social/sign-in?provider=apple");
  expect(start.status).toBe(303);
  const authorize = new URL(start.headers.get("location") ?? "");
  return { authorize, cookie: cookiesOf(start).join("; ") };
}

/** Apple posts its answer to the shop from its own site, then the browser follows the redirect. */
async function appleAnswers(authorize: URL, cookie: string, fields: Record<string, string>) {
  const posted = await api.request("/api/auth/callback/apple", {
    method: "POST",
    headers: { origin: APPLE_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ state: authorize.searchParams.get("state") ?? "", ...fields }).toString(),
  });
  expect(posted.status).toBe(302);
  const to = new URL(posted.headers.get("location") ?? "");
  expect(`${to.origin}${to.pathname}`).toBe(`${TEST_ORIGIN}/api/auth/callback/apple`);
  const visited = await api.request(`${to.pathname}${to.search}`, { headers: { cookie } });
  expect(visited.status).toBe(302);
  const session = cookiesOf(visited).find((pair) => pair.startsWith("better-auth.session_token="));
  return { landing: visited.headers.get("location") ?? "", session };
}

async function signInWithApple(shopper: AppleShopper, user?: object) {
  const { authorize, cookie } = await pressApple();
  nextIdentity = { ...shopper, nonce: authorize.searchParams.get("nonce") ?? undefined };
  const fields: Record<string, string> = { code: "apple-code" };
  if (user) fields.user = JSON.stringify(user);
  return appleAnswers(authorize, cookie, fields);
}

describe("signing in with Apple", () => {
  it("asks Apple for a posted answer with the names and e-mail, with a client secret the shop signed", async () => {
    expect(await (await api.request("/api/social/providers")).json()).toEqual({ providers: ["apple"] });
    const { authorize } = await pressApple();
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${APPLE_ORIGIN}/auth/authorize`);
    expect(authorize.searchParams.get("response_mode")).toBe("form_post");
    expect(authorize.searchParams.get("scope")?.split(" ").sort()).toEqual(["email", "name"]);
    expect(authorize.searchParams.get("client_id")).toBe(appleConfig.clientId);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/auth/callback/apple`);
  });

  it("creates the account from the names Apple sends the first time only, and signs in again without them", async () => {
    const lucia = { sub: "000123.apple.lucia", email: "lucia@privaterelay.example", emailVerified: true };
    const first = await signInWithApple(lucia, { name: { firstName: "Lucía", lastName: "Sanz Peña" } });
    expect(first.landing).toBe(SOCIAL_LANDING);
    // The token exchange carried the client secret the shop signed (an ES256 JWT for Apple).
    const exchange = tokenRequests.at(-1);
    expect(exchange?.get("client_id")).toBe(appleConfig.clientId);
    expect(exchange?.get("client_secret")?.split(".")).toHaveLength(3);
    const cookie = first.session ?? "";
    expect(await (await api.request("/api/social/pending", { headers: { cookie } })).json()).toEqual({
      pending: { email: lucia.email, name: "Lucía", lastName: "Sanz Peña" },
    });
    const completed = await api.request("/api/social/complete", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie },
      body: JSON.stringify({ name: "Lucía", lastName: "Sanz Peña", acceptTerms: true }),
    });
    expect(completed.status).toBe(200);

    const again = await signInWithApple(lucia);
    expect(again.landing).toBe(SOCIAL_LANDING);
    const me = await api.request("/api/me", { headers: { cookie: again.session ?? "" } });
    expect(await me.json()).toMatchObject({
      user: { email: lucia.email, name: "Lucía", lastName: "Sanz Peña" },
    });
  });

  it("lands on /login with an error, and no session, when Apple refuses the code", async () => {
    const { authorize, cookie } = await pressApple();
    nextIdentity = null;
    const { landing, session } = await appleAnswers(authorize, cookie, { code: "spent-code" });
    expect(session).toBeUndefined();
    expect(landing).toBe(`${SOCIAL_ERROR_LANDING}&error=invalid_code`);
  });

  it("gives the form posted from another site no more than a link: without the state cookie it is refused", async () => {
    const posted = await api.request("/api/auth/callback/apple", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ code: "c", state: "s" }).toString(),
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.getSetCookie()).toEqual([]);
    const to = new URL(posted.headers.get("location") ?? "");
    const visited = await api.request(`${to.pathname}${to.search}`);
    expect(visited.headers.get("location")?.startsWith(`${SOCIAL_ERROR_LANDING}&error=state_`)).toBe(true);
    expect(cookiesOf(visited).some((pair) => pair.startsWith("better-auth.session_token="))).toBe(false);
  });
});
