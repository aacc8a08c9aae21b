import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalOidcProvider } from "../testing/local-oidc-provider.ts";
import { apiWithLocalGoogle, type googleFlow } from "../testing/social-flow.ts";
import { TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";

/**
 * Issue 28: an account still in the social welcome step (decision 033) is no session for any
 * endpoint, better-auth's own included, but the welcome step's and signing out.
 */
let oidc: LocalOidcProvider;
let api: TestApi;
let google: ReturnType<typeof googleFlow>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ oidc, api, google, close } = await apiWithLocalGoogle());
});
afterAll(() => close());

const get = (path: string, cookie: string) => api.request(path, { headers: { cookie } });
const post = (path: string, body: unknown, cookie: string) =>
  api.request(path, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });

/** A first sign-in with Google of a new shopper: the session of an account in its welcome step. */
async function pendingSession(login: string): Promise<string> {
  oidc.addUser(login, {
    email: `${login}@example.com`,
    email_verified: true,
    given_name: "Pe",
    family_name: "Ndiente",
  });
  const { session } = await google.signIn(login);
  if (!session) throw new Error("no session after the first sign-in");
  return session;
}

describe("an account in the welcome step (issue 28)", () => {
  it("is answered as a visitor by better-auth's endpoints, and completes its welcome step", async () => {
    const cookie = await pendingSession("pendiente");
    const session = await get("/api/auth/get-session", cookie);
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
    expect((await get("/api/auth/list-accounts", cookie)).status).toBe(401);
    expect((await get("/api/auth/list-sessions", cookie)).status).toBe(401);
    expect((await post("/api/auth/revoke-other-sessions", {}, cookie)).status).toBe(401);
    // The shop's endpoints, as before.
    expect((await get("/api/me", cookie)).status).toBe(401);

    // The welcome page's own endpoints take it.
    expect(await (await get("/api/social/pending", cookie)).json()).toEqual({
      pending: { email: "pendiente@example.com", name: "Pe", lastName: "Ndiente" },
    });
    const completed = await post(
      "/api/social/complete",
      { name: "Pe", lastName: "Ndiente", acceptTerms: true },
      cookie,
    );
    expect(completed.status).toBe(200);
    // Completed, it is an account like any other, for better-auth too.
    expect(await (await get("/api/auth/get-session", cookie)).json()).toMatchObject({
      user: { email: "pendiente@example.com" },
    });
    const accounts = await get("/api/auth/list-accounts", cookie);
    expect(accounts.status).toBe(200);
    expect(await accounts.json()).toEqual([expect.objectContaining({ providerId: "google" })]);
  });

  it("may sign out, which ends its session", async () => {
    const cookie = await pendingSession("pendiente-sale");
    const out = await post("/api/auth/sign-out", {}, cookie);
    expect(out.status).toBe(200);
    expect(await (await get("/api/social/pending", cookie)).json()).toEqual({ pending: null });
  });
});
