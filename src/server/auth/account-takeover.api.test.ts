import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCIAL_LINK_ERROR_LANDING, SOCIAL_LINK_LANDING } from "#shared/api/social-sign-in-contract.ts";
import { account, passkey, user } from "../db/schema.ts";
import { answerAtProvider, type LocalOidcProvider } from "../testing/local-oidc-provider.ts";
import { apiWithLocalGoogle, cookiesOf, type googleFlow } from "../testing/social-flow.ts";
import { TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { asShopper, SHOPPER_PASSWORD, signUpShopper } from "../testing/test-users.ts";

/**
 * Issue 28's takeover: someone registers another person's address with a password, connects
 * their own Google, and keeps it after the owner takes the account back with a password reset.
 */
let oidc: LocalOidcProvider;
let api: TestApi;
let google: ReturnType<typeof googleFlow>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ oidc, api, google, close } = await apiWithLocalGoogle());
});
afterAll(() => close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });

/** «Conectar Google» on /datos/personales, answered at the provider as `login`: where it lands. */
async function connectGoogle(cookie: string, login: string): Promise<string> {
  const started = await api.request(`${TEST_ORIGIN}/api/social/links/google/start`, {
    headers: { "sec-fetch-site": "same-origin", cookie },
  });
  expect(started.status).toBe(303);
  const url = started.headers.get("location") ?? "";
  if (!url.startsWith(oidc.issuer)) return url;
  const withState = [cookie, ...cookiesOf(started)].join("; ");
  return (await google.comeBack(await answerAtProvider(url, { login }), withState)).landing;
}

/** The owner asks for a reset and chooses a password with the mailed link. */
async function ownerResets(email: string, newPassword: string, lang = "es") {
  expect((await post("/api/auth/request-password-reset", { email }, { cookie: `lang=${lang}` })).status).toBe(
    200,
  );
  await api.deliverMail();
  const mail = api.mails.findLast((sent) => sent.to === email && sent.text.includes("/login?restablecer="));
  const token = /\/login\?restablecer=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
  const reset = await post("/api/auth/reset-password", { token, newPassword }, { cookie: `lang=${lang}` });
  expect(reset.status).toBe(200);
  await api.deliverMail();
}

async function userIdOf(email: string): Promise<string> {
  const [row] = await api.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id ?? "";
}

const waysIn = async (userId: string) =>
  (await api.database.db.select().from(account).where(eq(account.userId, userId)))
    .map((row) => row.providerId)
    .sort();

describe("an address registered by someone else (issue 28)", () => {
  it("cannot be taken over with a Google account connected before the owner resets the password", async () => {
    const owner = "duena@example.com";
    oidc.addUser("intruso", { email: "intruso@gmail.example", email_verified: true, given_name: "I" });

    // 1. Someone registers the owner's address with a password of theirs, and signs in with it.
    const intruder = await signUpShopper(api, owner);
    const ownerId = await userIdOf(owner);

    // 2. They try to connect their own Google: the account has not proven its address.
    expect(await connectGoogle(intruder, "intruso")).toBe(
      `${SOCIAL_LINK_ERROR_LANDING}&error=address_not_proven`,
    );
    const direct = await asShopper(api, intruder)("POST", "/api/auth/link-social", {
      provider: "google",
      callbackURL: "/datos/personales",
    });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ code: "ADDRESS_NOT_PROVEN" });
    expect(await waysIn(ownerId)).toEqual(["credential"]);

    // 3. The owner takes the account back with the mailed reset link.
    await ownerResets(owner, "la-duena-vuelve-2026");
    expect((await api.request("/api/me", { headers: { cookie: intruder } })).status).toBe(401);
    expect((await post("/api/auth/sign-in/email", { email: owner, password: SHOPPER_PASSWORD })).status).toBe(
      401,
    );

    // 4. The intruder's Google does not reach the owner's account.
    const { session } = await google.signIn("intruso");
    const me = await api.request("/api/me", { headers: { cookie: session ?? "" } });
    if (me.status === 200) expect(await me.json()).not.toMatchObject({ user: { email: owner } });
    expect(await waysIn(ownerId)).toEqual(["credential"]);

    // 5. The owner is told what was closed.
    const notice = api.mails.findLast((sent) => sent.to === owner && sent.subject.includes("solo tú"));
    expect(notice?.text).toContain("Todas las sesiones abiertas");
  });

  it("loses a provider connected while unproven when the owner resets, and the owner gets the list", async () => {
    const owner = "dono@example.com";
    oidc.addUser("intruso-antigo", { email: "antigo@gmail.example", email_verified: true, given_name: "A" });
    const intruder = await signUpShopper(api, owner);
    const ownerId = await userIdOf(owner);
    // A Google connected to an unproven account, as the rules before issue 28 allowed.
    const setProven = (proven: boolean) =>
      api.database.db.update(user).set({ emailVerified: proven }).where(eq(user.id, ownerId));
    await setProven(true);
    expect(await connectGoogle(intruder, "intruso-antigo")).toBe(`${SOCIAL_LINK_LANDING}google`);
    // …and a passkey added then (the passkey plugin asks for a proven address too).
    await api.database.db.insert(passkey).values({
      id: "llave-del-intruso",
      publicKey: "clave-publica",
      userId: ownerId,
      credentialID: "credencial-del-intruso",
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    await setProven(false);
    expect(await waysIn(ownerId)).toEqual(["credential", "google"]);

    await ownerResets(owner, "o-dono-volta-2026", "pt");

    expect(await waysIn(ownerId)).toEqual(["credential"]);
    expect(await api.database.db.select().from(passkey).where(eq(passkey.userId, ownerId))).toEqual([]);
    expect((await api.request("/api/me", { headers: { cookie: intruder } })).status).toBe(401);
    const { session } = await google.signIn("intruso-antigo");
    const me = await api.request("/api/me", { headers: { cookie: session ?? "" } });
    if (me.status === 200) expect(await me.json()).not.toMatchObject({ user: { email: owner } });
    expect(await waysIn(ownerId)).toEqual(["credential"]);

    const notice = api.mails.findLast((sent) => sent.to === owner && sent.subject.includes("só você"));
    expect(notice?.text).toContain("- A sua conta Google, que estava ligada");
    expect(notice?.text).toContain("- Uma chave de acesso");
    expect(notice?.text).toContain("- Todas as sessões abertas, em qualquer dispositivo");
    expect(notice?.html).toContain("<li>A sua conta Google, que estava ligada</li>");
    // The owner's new password opens the account, now proven: Google is theirs to connect.
    const back = await post("/api/auth/sign-in/email", { email: owner, password: "o-dono-volta-2026" });
    expect(back.status).toBe(200);
    const [row] = await api.database.db.select().from(user).where(eq(user.id, ownerId));
    expect(row?.emailVerified).toBe(true);
  });

  it("is not joined by a provider's verified address until it proves it", async () => {
    const owner = "unida@example.com";
    oidc.addUser("unida", { email: owner, email_verified: true, given_name: "U" });
    const registered = await signUpShopper(api, owner);
    const { landing, session } = await google.signIn("unida");
    expect(new URL(landing, TEST_ORIGIN).searchParams.get("error")).toBe("account_not_linked");
    expect(session).toBeUndefined();
    expect(await waysIn(await userIdOf(owner))).toEqual(["credential"]);
    // Whoever registered it keeps their password and session: nothing was joined, nothing taken.
    expect((await api.request("/api/me", { headers: { cookie: registered } })).status).toBe(200);
  });
});
