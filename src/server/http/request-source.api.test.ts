import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { signUpShopper } from "../testing/test-users.ts";

/**
 * Issue 28: a browser that sends no Sec-Fetch-Site (Safari before 16.4) is judged by its Referer,
 * on every check of where a request comes from, the sign-in link's included: another site could
 * otherwise sign a shopper into the attacker's account (and move their guest's rows there).
 */
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const EVIL = "https://evil.example/pagina";
const OWN = `${TEST_ORIGIN}/login?pedir-enlace`;

const askLink = (email: string, headers: Record<string, string>) =>
  api.request("/api/auth/sign-in/magic-link", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email }),
  });

/** An account whose address is proven, so a sign-in link signs it in and takes nothing away. */
async function provenAccount(email: string): Promise<void> {
  await signUpShopper(api, email);
  await api.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
}

/** The token of the last sign-in link mailed to `to`. */
async function mailedToken(to: string): Promise<string> {
  await api.deliverMail();
  const mail = api.mails.findLast((sent) => sent.to === to);
  const token = /\/login\?enlace=([A-Za-z0-9]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`No sign-in link mailed to ${to}`);
  return token;
}

const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .filter((cookie) => cookie.includes("session_token=") && !/max-age=0/i.test(cookie));

describe("the Referer, where a browser sends no Sec-Fetch-Site (issue 28)", () => {
  it("refuses a sign-in link asked from another site's page, and takes one asked from the shop's", async () => {
    const email = "referer.enlace@example.com";
    await provenAccount(email);
    const before = api.mails.length;
    const foreign = await askLink(email, { referer: EVIL });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: "cross-site-request" } });
    await api.deliverMail();
    expect(api.mails.slice(before).filter((mail) => mail.to === email)).toEqual([]);

    const own = await askLink(email, { referer: OWN });
    expect(own.status).toBe(200);
    await mailedToken(email);
  });

  it("shows the link's page, signing nobody in, when another site's page sends the browser to use it", async () => {
    const email = "referer.usar@example.com";
    await provenAccount(email);
    await askLink(email, { origin: TEST_ORIGIN });
    const token = await mailedToken(email);
    // A guest's cookie is what such a page would move into the attacker's account.
    const sent = await api.request(`/api/auth/magic-link/verify?token=${token}`, {
      headers: { referer: EVIL, cookie: "lang=es" },
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`${TEST_ORIGIN}/login?enlace=${token}`);
    expect(sessionCookieOf(sent)).toEqual([]);

    const pressed = await api.request(`/api/auth/magic-link/verify?token=${token}`, {
      headers: { referer: `${TEST_ORIGIN}/login?enlace=${token}`, cookie: "lang=es" },
    });
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("location")).toBe(`${TEST_ORIGIN}/login`);
    expect(sessionCookieOf(pressed)).toHaveLength(1);
  });

  it("judges every write by it, and a write naming nothing by its cookies", async () => {
    const write = (headers: Record<string, string>) =>
      api.request("/api/newsletter", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{}",
      });
    expect((await write({ referer: EVIL })).status).toBe(403);
    expect((await write({ referer: "not a url" })).status).toBe(403);
    expect((await write({ referer: OWN })).status).not.toBe(403);
    // Sec-Fetch-Site, when sent, is what counts.
    expect((await write({ referer: OWN, "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await write({ cookie: "lang=es" })).status).toBe(403);
  });
});
