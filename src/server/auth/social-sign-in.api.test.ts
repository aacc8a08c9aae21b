import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCIAL_ERROR_LANDING, SOCIAL_LANDING } from "#shared/api/social-sign-in-contract.ts";
import { account, user } from "../db/schema.ts";
import {
  answerAtProvider,
  LOCAL_OIDC_USERS,
  type LocalOidcProvider,
  startLocalOidcProvider,
} from "../testing/local-oidc-provider.ts";
import { apiWithLocalGoogle, GOOGLE_CALLBACK, type googleFlow } from "../testing/social-flow.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { signUpProvenShopper, signUpShopper } from "../testing/test-users.ts";

let oidc: LocalOidcProvider;
let api: TestApi;
let google: ReturnType<typeof googleFlow>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ oidc, api, google, close } = await apiWithLocalGoogle());
});
afterAll(() => close());
const pressGoogle = () => google.press();
const comeBack = (callbackUrl: string, cookie: string) => google.comeBack(callbackUrl, cookie);
const signInWithGoogle = (login: string) => google.signIn(login);

/** The error a landing on /login names, or null for the welcome address. */
function errorOf(landing: string): string | null {
  const url = new URL(landing, TEST_ORIGIN);
  expect(
    `${url.pathname}${url.search}`.startsWith(
      landing.startsWith(SOCIAL_LANDING) ? SOCIAL_LANDING : SOCIAL_ERROR_LANDING,
    ),
  ).toBe(true);
  return url.searchParams.get("error");
}

/** The ways into the account with this address (password "credential", providers). */
async function providersOf(email: string): Promise<string[]> {
  const [owner] = await api.database.db.select().from(user).where(eq(user.email, email));
  const rows = await api.database.db
    .select()
    .from(account)
    .where(eq(account.userId, owner?.id ?? ""));
  return rows.map((row) => row.providerId).sort();
}

const signInWithPassword = (email: string) =>
  api.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "gato-robot-azul-7" }),
  });

const get = (path: string, cookie?: string) => api.request(path, { headers: cookie ? { cookie } : {} });
const postJson = (path: string, body: unknown, cookie: string) =>
  api.request(path, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });

describe("signing in with Google (a local OpenID Connect provider in its place)", () => {
  it("tells the pages which providers are configured", async () => {
    expect(await (await get("/api/social/providers")).json()).toEqual({ providers: ["google"] });
  });

  it("creates the account on the first sign-in, pending until the names and terms are confirmed", async () => {
    const { landing, session } = await signInWithGoogle("ana");
    expect(landing).toBe(SOCIAL_LANDING);
    expect(session).toBeDefined();
    const cookie = session ?? "";
    // Not usable yet: every per-user endpoint answers as to a visitor.
    expect((await get("/api/me", cookie)).status).toBe(401);
    expect((await get("/api/cart", cookie)).status).toBe(401);
    const pending = await (await get("/api/social/pending", cookie)).json();
    expect(pending).toEqual({
      pending: { email: LOCAL_OIDC_USERS.ana.email, name: "Ana", lastName: "Robles" },
    });

    const refused = await postJson("/api/social/complete", { name: "Ana", lastName: "Robles" }, cookie);
    expect(refused.status).toBe(400);
    const completed = await postJson(
      "/api/social/complete",
      { name: "Ana María", lastName: "Robles", acceptTerms: true },
      cookie,
    );
    expect(completed.status).toBe(200);
    expect(await completed.json()).toMatchObject({
      user: { email: LOCAL_OIDC_USERS.ana.email, name: "Ana María" },
    });
    const me = await get("/api/me", cookie);
    expect(me.status).toBe(200);
    expect(await (await get("/api/social/pending", cookie)).json()).toEqual({ pending: null });
  });

  it("signs the same shopper in again, without a new account or a welcome step", async () => {
    const { landing, session } = await signInWithGoogle("ana");
    expect(landing).toBe(SOCIAL_LANDING);
    const me = await get("/api/me", session);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { name: "Ana María", lastName: "Robles" } });
    const rows = await api.database.db.select().from(user).where(eq(user.email, LOCAL_OIDC_USERS.ana.email));
    expect(rows).toHaveLength(1);
  });

  it("asks for the names the provider did not give, and takes the welcome form posted without the script", async () => {
    const { session } = await signInWithGoogle("sinnombre");
    const cookie = session ?? "";
    expect(await (await get("/api/social/pending", cookie)).json()).toEqual({
      pending: { email: LOCAL_OIDC_USERS.sinnombre.email, name: "", lastName: "" },
    });
    const posted = await api.request("/api/social/complete", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ name: "Sonia", lastName: "Nieto", acceptTerms: "on" }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/login");
    expect(await (await get("/api/me", cookie)).json()).toMatchObject({
      user: { name: "Sonia", lastName: "Nieto" },
    });
  });

  it("joins an existing e-mail account when the provider says it verified the address", async () => {
    oidc.addUser("lucia", { email: "lucia.g@example.com", email_verified: true, given_name: "Otra" });
    await signUpProvenShopper(api, "lucia.g@example.com");
    const { landing, session } = await signInWithGoogle("lucia");
    expect(landing).toBe(SOCIAL_LANDING);
    const me = await get("/api/me", session);
    expect(me.status).toBe(200);
    // The account is the one that existed, with its own names, and now opens with Google too; its
    // proven address kept its password.
    expect(await me.json()).toMatchObject({ user: { email: "lucia.g@example.com", name: "Test" } });
    expect(await providersOf("lucia.g@example.com")).toEqual(["credential", "google"]);
  });

  it("joins no account that has not proven its address, and takes nothing from it (issue 28)", async () => {
    // Someone registered the address before its owner first used Google: it is not joined.
    oidc.addUser("dueña", { email: "duena@example.com", email_verified: true, given_name: "Dueña" });
    const squatter = await signUpShopper(api, "duena@example.com");
    expect((await get("/api/me", squatter)).status).toBe(200);

    const { landing, session } = await signInWithGoogle("dueña");
    expect(errorOf(landing)).toBe("account_not_linked");
    expect(session).toBeUndefined();
    expect(await providersOf("duena@example.com")).toEqual(["credential"]);
    // The owner takes the address back with a password reset (password-reset, account-takeover
    // tests); until then nothing changes for anyone.
    expect((await get("/api/me", squatter)).status).toBe(200);
    const [owner] = await api.database.db.select().from(user).where(eq(user.email, "duena@example.com"));
    expect(owner?.emailVerified).toBe(false);
  });

  it("keeps the password of an account whose address was already proven", async () => {
    oidc.addUser("probada", { email: "probada@example.com", email_verified: true });
    const earlier = await signUpProvenShopper(api, "probada@example.com");
    const mailsBefore = api.mails.length;

    const { session } = await signInWithGoogle("probada");
    expect((await get("/api/me", session)).status).toBe(200);
    expect((await get("/api/me", earlier)).status).toBe(200);
    expect((await signInWithPassword("probada@example.com")).status).toBe(200);
    expect(await providersOf("probada@example.com")).toEqual(["credential", "google"]);
    expect(api.mails.length).toBe(mailsBefore);
  });

  it("refuses to join an existing account when the provider did not verify the address", async () => {
    await signUpShopper(api, LOCAL_OIDC_USERS.noverificada.email);
    const { landing, session } = await signInWithGoogle("noverificada");
    expect(errorOf(landing)).toBe("account_not_linked");
    expect(session).toBeUndefined();
    const [owner] = await api.database.db
      .select()
      .from(user)
      .where(eq(user.email, LOCAL_OIDC_USERS.noverificada.email));
    const providers = await api.database.db
      .select()
      .from(account)
      .where(eq(account.userId, owner?.id ?? ""));
    expect(providers.map((row) => row.providerId)).toEqual(["credential"]);
  });

  it("lands on /login with access_denied when the shopper cancels at the provider", async () => {
    const { providerUrl, cookie } = await pressGoogle();
    const { landing, session } = await comeBack(await answerAtProvider(providerUrl, "cancel"), cookie);
    expect(errorOf(landing)).toBe("access_denied");
    expect(session).toBeUndefined();
  });

  it("lands on /login with the provider's error when it is in trouble", async () => {
    oidc.failAuthorizations(true);
    try {
      const { providerUrl, cookie } = await pressGoogle();
      const { landing, session } = await comeBack(
        await answerAtProvider(providerUrl, { login: "ana" }),
        cookie,
      );
      expect(errorOf(landing)).toBe("temporarily_unavailable");
      expect(session).toBeUndefined();
    } finally {
      oidc.failAuthorizations(false);
    }
  });

  it("refuses a provider's answer that belongs to another browser (state mismatch), with no session", async () => {
    const first = await pressGoogle();
    const callbackUrl = await answerAtProvider(first.providerUrl, { login: "ana" });
    const other = await pressGoogle();
    for (const cookie of ["", other.cookie]) {
      const { landing, session } = await comeBack(callbackUrl, cookie);
      expect(errorOf(landing)).toMatch(/^state_/);
      expect(session).toBeUndefined();
    }
  });

  it("answers a malformed start or callback without a 500", async () => {
    const start = await api.request("/api/social/sign-in?provider=myspace");
    expect(start.status).toBe(303);
    expect(errorOf(start.headers.get("location") ?? "")).toBe("provider_unavailable");
    const callback = await get("/api/auth/callback/google?code=x&state=nonsense");
    expect(callback.status).toBe(302);
    expect(errorOf(callback.headers.get("location") ?? "")).toMatch(/^state_/);
    expect((await postJson("/api/social/complete", "nonsense", "")).status).toBe(400);
    expect(
      (await postJson("/api/social/complete", { name: "A", lastName: "B", acceptTerms: true }, "")).status,
    ).toBe(401);
  });

  it("lands on /login with an error when the provider goes down after the shopper signed in there", async () => {
    const { providerUrl, cookie } = await pressGoogle();
    const callbackUrl = await answerAtProvider(providerUrl, { login: "ana" });
    await oidc.close();
    const { landing, session } = await comeBack(callbackUrl, cookie);
    expect(errorOf(landing)).toBe("invalid_code");
    expect(session).toBeUndefined();
  });
});

describe("a provider that cannot be reached", () => {
  it("sends the shopper back to /login with provider_unavailable instead of failing", async () => {
    const down = await startLocalOidcProvider([GOOGLE_CALLBACK]);
    await down.close();
    const unreachable = await createTestApi({
      social: { google: { clientId: "x", clientSecret: "y", discoveryUrl: down.discoveryUrl } },
    });
    try {
      const response = await unreachable.request("/api/social/sign-in?provider=google");
      expect(response.status).toBe(303);
      expect(errorOf(response.headers.get("location") ?? "")).toBe("provider_unavailable");
    } finally {
      await unreachable.close();
    }
  });

  it("shows no provider when none is configured", async () => {
    const plain = await createTestApi();
    try {
      expect(await (await plain.request("/api/social/providers")).json()).toEqual({ providers: [] });
    } finally {
      await plain.close();
    }
  });
});
