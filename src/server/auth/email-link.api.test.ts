import { createHash } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInThrottle, user, verification } from "../db/schema.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { signUpProvenShopper, signUpShopper } from "../testing/test-users.ts";
import { EMAIL_LINK_LIMITS, EMAIL_LINK_MINUTES } from "./email-link.ts";

const PASSWORD = "gato-robot-azul-7";
const LANDING = `${TEST_ORIGIN}/login`;
const SPENT = `${TEST_ORIGIN}/login?pedir-enlace=&error=INVALID_TOKEN`;

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((cookie) => !cookie?.endsWith("="))
    .join("; ");

function post(api: TestApi, path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
}

const askLink = (api: TestApi, email: string, headers: Record<string, string> = {}) =>
  post(api, "/api/auth/sign-in/magic-link", { email }, headers);

/** Opens a link as the page's button does: a GET with the token, redirects not followed. */
const followLink = (api: TestApi, query: string) => api.request(`/api/auth/magic-link/verify?${query}`);

/** The token of the last sign-in link mailed to `to`. */
async function mailedToken(api: TestApi, to: string): Promise<string> {
  await api.deliverMail();
  const mail = api.mails.findLast((sent) => sent.to === to);
  const token = /\/login\?enlace=([A-Za-z0-9]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`No sign-in link mailed to ${to}`);
  return token;
}

/** The verification row of a token: stored hashed (better-auth's "hashed" storage). */
const storedIdentifier = (token: string) =>
  `magic-link:${createHash("sha256").update(token).digest("base64url")}`;

describe("sign-in by e-mail link (decision 031)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it("mails a link in the shopper's language that signs in once, and lands on /login", async () => {
    const email = "enlace@example.com";
    const first = await signUpProvenShopper(api, email);
    expect((await api.request("/api/me", { headers: { cookie: first } })).status).toBe(200);

    const asked = await askLink(api, email, { cookie: "lang=pt" });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ status: true });
    const token = await mailedToken(api, email);
    const mail = api.mails.findLast((sent) => sent.to === email);
    expect(mail?.subject).toContain("ligação");
    // In the mail's language, wherever it is opened.
    expect(mail?.text).toContain(`${TEST_ORIGIN}/login?enlace=${token}&lang=pt`);
    expect(mail?.html).toContain(`${TEST_ORIGIN}/login?enlace=${token}&#38;lang=pt`);

    const used = await followLink(api, `token=${token}`);
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe(LANDING);
    const session = cookieOf(used);
    const me = await api.request("/api/me", { headers: { cookie: session } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email } });
    // The address was proven: the link takes nothing away, neither the password nor other sessions.
    expect((await api.request("/api/me", { headers: { cookie: first } })).status).toBe(200);
    expect((await post(api, "/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(200);

    const again = await followLink(api, `token=${token}`);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(SPENT);
    expect(cookieOf(again)).toBe("");
  });

  it("signs no one in by link until the account proves its address (issue 28)", async () => {
    const email = "sin-probar@example.com";
    const first = await signUpShopper(api, email);
    // A link asked for an unproven address: no link, a reset link that proves the mailbox instead.
    const asked = await askLink(api, email, { cookie: "lang=pt" });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ status: true });
    await api.deliverMail();
    const mail = api.mails.findLast((sent) => sent.to === email);
    expect(mail?.subject).toBe("Confirme o seu e-mail para entrar na Tienda Oficial Miaubot");
    expect(mail?.text).not.toContain("/login?enlace=");
    const reset = /\/login\?restablecer=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(reset).not.toBe("");

    // A link stored before the rule (as better-auth stores one) is refused at the door.
    const token = "UnEnlaceDeAntesUnEnlaceDeAntes12";
    await api.database.db.insert(verification).values({
      id: "enlace-de-antes",
      identifier: storedIdentifier(token),
      value: JSON.stringify({ email }),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const refused = await followLink(api, `token=${token}`);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(
      `${TEST_ORIGIN}/login?pedir-enlace=&error=ADDRESS_NOT_PROVEN`,
    );
    expect(cookieOf(refused)).toBe("");
    // Nothing was taken from the account: its password and session still work.
    expect((await api.request("/api/me", { headers: { cookie: first } })).status).toBe(200);
    expect((await post(api, "/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(200);

    // The mailed reset proves the address; from then on links sign in.
    const newPassword = "robot-de-enlace-2026";
    expect((await post(api, "/api/auth/reset-password", { token: reset, newPassword })).status).toBe(200);
    await askLink(api, email);
    const used = await followLink(api, `token=${await mailedToken(api, email)}`);
    expect(used.headers.get("location")).toBe(LANDING);
    expect((await api.request("/api/me", { headers: { cookie: cookieOf(used) } })).status).toBe(200);
  });

  it("shows the link's page, signing nobody in, when another site sends the browser to use it", async () => {
    const email = "desde-fuera@example.com";
    await signUpProvenShopper(api, email);
    await askLink(api, email);
    const token = await mailedToken(api, email);
    for (const site of ["cross-site", "same-site", "none"]) {
      const sent = await api.request(`/api/auth/magic-link/verify?token=${token}`, {
        headers: { "sec-fetch-site": site },
      });
      expect(sent.status, site).toBe(302);
      expect(sent.headers.get("location"), site).toBe(`${TEST_ORIGIN}/login?enlace=${token}`);
      expect(cookieOf(sent), site).toBe("");
    }
    const pressed = await api.request(`/api/auth/magic-link/verify?token=${token}`, {
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(pressed.headers.get("location")).toBe(LANDING);
    expect(cookieOf(pressed)).not.toBe("");
  });

  it("refuses a link after its 15 minutes", async () => {
    const email = "tarde-enlace@example.com";
    await signUpProvenShopper(api, email);
    await askLink(api, email);
    const token = await mailedToken(api, email);
    const [row] = await api.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, storedIdentifier(token)));
    expect(row).toBeDefined();
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - EMAIL_LINK_MINUTES * 60_000)).toBeLessThan(5_000);

    await api.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, storedIdentifier(token)));
    const late = await followLink(api, `token=${token}`);
    expect(late.status).toBe(302);
    expect(late.headers.get("location")).toBe(SPENT);
    expect(cookieOf(late)).toBe("");
  });

  it("refuses wrong and garbled tokens with a redirect to /login or a 4xx, never a 500", async () => {
    const email = "garabato@example.com";
    await signUpProvenShopper(api, email);
    await askLink(api, email);
    const token = await mailedToken(api, email);
    const queries = [
      "token=nada",
      `token=${token.slice(0, -1)}`,
      `token=${token.toLowerCase()}x`,
      "token=",
      `token=${"a".repeat(4000)}`,
      "token=%C3%BC%E2%82%AC%F0%9F%90%B1",
      "token=%00",
      "token=%FF%FE",
      "token=a&token=b",
      "",
      `token=nada&callbackURL=${encodeURIComponent("https://evil.example/")}`,
      `token=nada&errorCallbackURL=${encodeURIComponent("//evil.example")}`,
    ];
    for (const query of queries) {
      const answer = await followLink(api, query);
      expect(answer.status, query).toBeLessThan(500);
      expect(cookieOf(answer), query).toBe("");
      if (answer.status === 302) expect(answer.headers.get("location"), query).toBe(SPENT);
      else expect(answer.status, query).toBeGreaterThanOrEqual(400);
    }
    // A client's own landing is never followed, not even with a good token.
    const good = await followLink(
      api,
      `token=${token}&callbackURL=${encodeURIComponent("https://evil.example/")}`,
    );
    expect([302, 403]).toContain(good.status);
    expect(good.headers.get("location") ?? "").not.toContain("evil.example");
  });

  it("answers the same for an address without an account, mails nothing and creates no account", async () => {
    const known = "conocida@example.com";
    await signUpProvenShopper(api, known);
    const before = api.mails.length;
    const unknown = await askLink(api, "nadie-enlace@example.com");
    expect(unknown.status).toBe(200);
    const answeredKnown = await askLink(api, known);
    expect(await unknown.json()).toEqual(await answeredKnown.json());
    await api.deliverMail();
    expect(api.mails.slice(before).map((mail) => mail.to)).toEqual([known]);
    const created = await api.database.db
      .select()
      .from(user)
      .where(eq(user.email, "nadie-enlace@example.com"));
    expect(created).toEqual([]);
  });

  it("refuses an address longer than any account's, storing nothing", async () => {
    const before = await api.database.db.select().from(verification);
    const long = await askLink(api, `${"a".repeat(250)}@example.com`);
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: "INVALID_EMAIL" });
    expect(await api.database.db.select().from(verification)).toHaveLength(before.length);
  });

  it("never makes an account from a link, even one stored for an unknown address", async () => {
    // What a link for an address without an account would be, had one been mailed.
    const token = "UnEnlaceParaNadieUnEnlaceParaNad";
    await api.database.db.insert(verification).values({
      id: "enlace-para-nadie",
      identifier: storedIdentifier(token),
      value: JSON.stringify({ type: "magic-link", email: "fantasma@example.com" }),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const used = await followLink(api, `token=${token}`);
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe(
      `${TEST_ORIGIN}/login?pedir-enlace=&error=new_user_signup_disabled`,
    );
    expect(cookieOf(used)).toBe("");
    expect(await api.database.db.select().from(user).where(eq(user.email, "fantasma@example.com"))).toEqual(
      [],
    );
  });
});

describe("the e-mail link's limits", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ authRateLimited: true });
  });
  afterAll(() => api.close());

  /** A link asked for from one client address (as the socket would give it). */
  const askFrom = (address: string, email: string) =>
    api.fetch(
      new Request(`${TEST_ORIGIN}/api/auth/sign-in/magic-link`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: JSON.stringify({ email }),
      }),
      { incoming: { socket: { remoteAddress: address } } },
    );

  it("allows an address a few requests a minute, like password reset", async () => {
    const { max } = EMAIL_LINK_LIMITS.perAddress;
    for (let i = 0; i < max; i++)
      expect((await askFrom("10.0.0.1", `uno-${i}@example.com`)).status).toBe(200);
    const refused = await askFrom("10.0.0.1", "otro@example.com");
    expect(refused.status).toBe(429);
    // Another address is not held back.
    expect((await askFrom("10.0.0.2", "otro@example.com")).status).toBe(200);
  });

  it("mails one address a few links at most, from anywhere, whether or not it has an account", async () => {
    const { max } = EMAIL_LINK_LIMITS.perEmail;
    const owner = "buzon@example.com";
    await signUpProvenShopper(api, owner);
    for (const email of [owner, "buzon-sin-cuenta@example.com"]) {
      for (let i = 0; i < max; i++) expect((await askFrom(`10.1.${i}.1`, email)).status).toBe(200);
      const refused = await askFrom("10.1.99.1", email.toUpperCase());
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: "TOO_MANY_LINKS" });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(60);
    }
    await api.deliverMail();
    const links = api.mails.filter((mail) => mail.to === owner && mail.text.includes("/login?enlace="));
    expect(links).toHaveLength(max);

    // Once the window is over, the mailbox may get a link again.
    await api.database.db
      .update(signInThrottle)
      .set({ nextAllowedAt: new Date(Date.now() - 1000) })
      .where(like(signInThrottle.key, `email-link:${owner}`));
    expect((await askFrom("10.1.100.1", owner)).status).toBe(200);
  });

  it("counts requests sent together exactly", async () => {
    const { max } = EMAIL_LINK_LIMITS.perEmail;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => askFrom(`10.2.${i}.1`, "a-la-vez@example.com")),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(max);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(8 - max);
  });
});
