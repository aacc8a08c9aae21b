import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCIAL_LINK_ERROR_LANDING, SOCIAL_LINK_LANDING } from "#shared/api/social-sign-in-contract.ts";
import { session as sessionTable, user } from "../db/schema.ts";
import { answerAtProvider, type LocalOidcProvider } from "../testing/local-oidc-provider.ts";
import { apiWithLocalGoogle, cookiesOf, type googleFlow } from "../testing/social-flow.ts";
import type { TestApi } from "../testing/test-app.ts";
import { TEST_ORIGIN } from "../testing/test-app.ts";
import { asShopper, mailedAddressCode, signUpProvenShopper, signUpShopper } from "../testing/test-users.ts";

let oidc: LocalOidcProvider;
let api: TestApi;
let google: ReturnType<typeof googleFlow>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ oidc, api, google, close } = await apiWithLocalGoogle());
});
afterAll(() => close());

/** «Conectar Google» on /datos/personales (a link), answered at the provider as `login`. */
async function connectGoogle(cookie: string, login: string) {
  const started = await startLink(cookie);
  expect(started.status).toBe(303);
  const url = started.headers.get("location") ?? "";
  expect(url.startsWith(oidc.issuer)).toBe(true);
  const withState = [cookie, ...cookiesOf(started)].join("; ");
  const { landing } = await google.comeBack(await answerAtProvider(url, { login }), withState);
  return landing;
}

/** The link followed from one of the shop's pages (or, `site`, from elsewhere). */
const startLink = (
  cookie: string | undefined,
  provider = "google",
  from: Record<string, string> = { "sec-fetch-site": "same-origin" },
) =>
  api.request(`${TEST_ORIGIN}/api/social/links/${provider}/start`, {
    headers: { ...from, ...(cookie ? { cookie } : {}) },
  });

async function linksOf(cookie: string) {
  const answer = await asShopper(api, cookie)("GET", "/api/social/links");
  expect(answer.status).toBe(200);
  return answer.json();
}

describe("connecting Google to a signed-in account", () => {
  it("links a provider address other than the account's, which then opens the account", async () => {
    const cookie = await signUpProvenShopper(api, "marta.tienda@example.com");
    oidc.addUser("marta", { email: "marta.gmail@example.com", email_verified: true, given_name: "M" });
    expect(await linksOf(cookie)).toEqual({
      links: [{ provider: "google", linked: false }],
      hasPassword: true,
      addressProven: true,
    });

    expect(await connectGoogle(cookie, "marta")).toBe(`${SOCIAL_LINK_LANDING}google`);
    expect(await linksOf(cookie)).toEqual({
      links: [{ provider: "google", linked: true }],
      hasPassword: true,
      addressProven: true,
    });

    const { session } = await google.signIn("marta");
    const me = await asShopper(api, session)("GET", "/api/me");
    expect(await me.json()).toMatchObject({ user: { email: "marta.tienda@example.com" } });
    // The account keeps its password and its session: the shopper proved it by signing in.
    expect((await asShopper(api, cookie)("GET", "/api/me")).status).toBe(200);
  });

  it("refuses an address the provider did not verify, and one already connected to another account", async () => {
    const cookie = await signUpProvenShopper(api, "pablo@example.com");
    oidc.addUser("pablo", { email: "pablo.g@example.com", email_verified: false });
    const unverified = new URL(await connectGoogle(cookie, "pablo"), "http://x");
    expect(`${unverified.pathname}${unverified.search}`.startsWith(SOCIAL_LINK_ERROR_LANDING)).toBe(true);
    expect(unverified.searchParams.get("error")).toBe("unable_to_link_account");

    const taken = new URL(await connectGoogle(cookie, "marta"), "http://x");
    expect(taken.searchParams.get("error")).toBe("account_already_linked_to_different_user");
    expect(await linksOf(cookie)).toEqual({
      links: [{ provider: "google", linked: false }],
      hasPassword: true,
      addressProven: true,
    });
  });

  it("disconnects a provider, but never the account's last way in", async () => {
    const cookie = await signUpProvenShopper(api, "rita@example.com");
    oidc.addUser("rita", { email: "rita@example.com", email_verified: true });
    await connectGoogle(cookie, "rita");
    const asRita = asShopper(api, cookie);
    expect((await asRita("DELETE", "/api/social/links/google")).status).toBe(200);
    expect(await linksOf(cookie)).toEqual({
      links: [{ provider: "google", linked: false }],
      hasPassword: true,
      addressProven: true,
    });
    expect((await asRita("DELETE", "/api/social/links/google")).status).toBe(404);
    expect((await asRita("DELETE", "/api/social/links/myspace")).status).toBe(404);

    // An account made with Google alone has no other way in.
    oidc.addUser("solo", {
      email: "solo.google@example.com",
      email_verified: true,
      given_name: "S",
      family_name: "G",
    });
    const { session } = await google.signIn("solo");
    await asShopper(api, session)("POST", "/api/social/complete", {
      name: "S",
      lastName: "G",
      acceptTerms: true,
    });
    expect(await linksOf(session ?? "")).toEqual({
      links: [{ provider: "google", linked: true }],
      hasPassword: false,
      addressProven: true,
    });
    const last = await asShopper(api, session)("DELETE", "/api/social/links/google");
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ error: { code: "last-way-in" } });
  });

  it("asks for a recent sign-in before disconnecting", async () => {
    const cookie = await signUpProvenShopper(api, "viejo@example.com");
    oidc.addUser("viejo", { email: "viejo@example.com", email_verified: true });
    await connectGoogle(cookie, "viejo");
    const [owner] = await api.database.db.select().from(user).where(eq(user.email, "viejo@example.com"));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await api.database.db
      .update(sessionTable)
      .set({ createdAt: twoDaysAgo })
      .where(eq(sessionTable.userId, owner?.id ?? ""));
    const refused = await asShopper(api, cookie)("DELETE", "/api/social/links/google");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "sign-in-again" } });
  });

  it("waits until the account proves its address, which a code asked for while signed in does (issue 28)", async () => {
    const cookie = await signUpShopper(api, "sin-probar.links@example.com");
    oidc.addUser("sinprobar", { email: "sinprobar.gmail@example.com", email_verified: true });
    expect(await linksOf(cookie)).toEqual({
      links: [{ provider: "google", linked: false }],
      hasPassword: true,
      addressProven: false,
    });
    const refused = await startLink(cookie);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(`${SOCIAL_LINK_ERROR_LANDING}&error=address_not_proven`);
    expect(refused.headers.getSetCookie()).toEqual([]);

    const asShopperHere = asShopper(api, cookie);
    expect((await asShopperHere("POST", "/api/auth/sign-up/send-address-code", {})).status).toBe(200);
    const code = await mailedAddressCode(api, "sin-probar.links@example.com");
    const proven = await asShopperHere("POST", "/api/auth/sign-up/prove-address", { code });
    expect(proven.status).toBe(200);
    expect(await linksOf(cookie)).toMatchObject({ addressProven: true });
    expect(await connectGoogle(cookie, "sinprobar")).toBe(`${SOCIAL_LINK_LANDING}google`);
  });

  it("is for signed-in shoppers only, from the shop's own pages, and only for configured providers", async () => {
    const visitor = asShopper(api, undefined);
    expect((await visitor("GET", "/api/social/links")).status).toBe(401);
    expect((await visitor("DELETE", "/api/social/links/google")).status).toBe(401);
    const signedOut = await startLink(undefined);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe("/login");

    const cookie = await signUpProvenShopper(api, "apple.no@example.com");
    const refused = async (answer: Response, error: string) => {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`${SOCIAL_LINK_ERROR_LANDING}&error=${error}`);
      expect(answer.headers.getSetCookie()).toEqual([]);
    };
    // Another site's link or image cannot start a connection for the shopper.
    await refused(await startLink(cookie, "google", { "sec-fetch-site": "cross-site" }), "state_mismatch");
    await refused(await startLink(cookie, "google", {}), "state_mismatch");
    await refused(await startLink(cookie, "google", { referer: "https://evil.example/" }), "state_mismatch");
    // A browser without Sec-Fetch-Site, coming from the shop's page, is let through.
    const older = await startLink(cookie, "google", { referer: `${TEST_ORIGIN}/datos/personales` });
    expect(older.status).toBe(303);
    expect(older.headers.get("location")?.startsWith(oidc.issuer)).toBe(true);
    await refused(await startLink(cookie, "apple"), "provider_unavailable");
  });
});
