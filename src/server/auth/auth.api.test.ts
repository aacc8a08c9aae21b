import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backInStockRequests, cartLine, user } from "../db/schema.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { mailedAddressCode, SHOPPER_PASSWORD, signUpShopper } from "../testing/test-users.ts";
import { SIGN_IN_LIMITS } from "./sign-in-throttle.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

function post(path: string, body: unknown, cookie?: string) {
  return api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** The session cookie a response set, ready to send back. */
function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function errorCode(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { code?: string }).code;
}

const lucia = { name: "Lucía", lastName: "Pérez", email: "lucia@example.com", password: "gato-robot-azul-7" };

describe("identity", () => {
  it("refuses a sign-in or sign-up sent from another site, with a JSON 403", async () => {
    for (const path of ["/api/auth/sign-up/email", "/api/auth/sign-in/email"]) {
      const response = await api.request(path, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: "https://evil.example",
          "sec-fetch-site": "cross-site",
        },
        body: JSON.stringify({ ...lucia, email: "forged@example.com" }),
      });
      expect(response.status, path).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("cross-site-request");
    }
  });

  it("signs up, signs in with the mailed code, keeps the session in an httpOnly cookie, and knows who", async () => {
    const response = await post("/api/auth/sign-up/email", lucia);
    expect(response.status).toBe(200);
    // No session yet: the address is proven first (issue 28), by the code typed in this browser.
    expect(response.headers.getSetCookie().join("\n")).not.toContain("session_token");
    const code = await mailedAddressCode(api, lucia.email);
    const proven = await post("/api/auth/sign-up/prove-address", { code }, cookieFrom(response));
    expect(proven.status).toBe(200);
    const setCookie = proven.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await api.request("/api/me", { headers: { cookie: cookieFrom(proven) } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email: lucia.email, name: "Lucía", lastName: "Pérez" } });
  });

  it("makes no second account with the same email, and leaves the first as it was", async () => {
    const response = await post("/api/auth/sign-up/email", { ...lucia, password: "otra-clave-segura-9" });
    expect(response.status).toBe(200);
    const stolen = await post("/api/auth/sign-in/email", {
      email: lucia.email,
      password: "otra-clave-segura-9",
    });
    expect(stolen.status).toBe(401);
    const hers = await post("/api/auth/sign-in/email", { email: lucia.email, password: lucia.password });
    expect(hers.status).toBe(200);
  });

  it.each([
    ["short", "Zq9!xw", "PASSWORD_TOO_SHORT"],
    ["common", "password123", "PASSWORD_TOO_COMMON"],
  ])("refuses a %s password", async (_kind, password, code) => {
    const response = await post("/api/auth/sign-up/email", {
      ...lucia,
      email: `${code}@example.com`,
      password,
    });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe(code);
  });

  it("signs in with the right password only", async () => {
    const wrong = await post("/api/auth/sign-in/email", { email: lucia.email, password: "not-her-password" });
    expect(wrong.status).toBe(401);
    expect(await errorCode(wrong)).toBe("INVALID_EMAIL_OR_PASSWORD");
    const right = await post("/api/auth/sign-in/email", { email: lucia.email, password: lucia.password });
    expect(right.status).toBe(200);
  });

  it("forgets the session on sign-out", async () => {
    const signIn = await post("/api/auth/sign-in/email", { email: lucia.email, password: lucia.password });
    const cookie = cookieFrom(signIn);
    expect((await post("/api/auth/sign-out", {}, cookie)).status).toBe(200);
    const me = await api.request("/api/me", { headers: { cookie } });
    expect(me.status).toBe(401);
  });

  it("deletes the account and everything kept for it, only with the password", async () => {
    const cookie = await signUpShopper(api, "leaving@example.com");
    const withCookie = (method: string, path: string, body?: unknown) =>
      api.request(path, {
        method,
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, cookie },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect((await withCookie("POST", "/api/cart/1", { cantidad: 2 })).status).toBe(200);
    // Its proven address waits for two products; someone else's for one.
    await api.database.db
      .update(user)
      .set({ emailVerified: true })
      .where(eq(user.email, "leaving@example.com"));
    for (const [email, productId] of [
      ["Leaving@example.com", 3],
      ["leaving@example.com", 4],
      ["staying@example.com", 3],
    ] as const) {
      const asked = await withCookie("POST", "/api/back-in-stock", {
        email,
        productId,
        consent: true,
        locale: "es",
      });
      expect(asked.status).toBe(200);
    }

    const noPassword = await withCookie("POST", "/api/auth/delete-user", {});
    expect(noPassword.status).toBe(400);
    expect(await errorCode(noPassword)).toBe("PASSWORD_REQUIRED");
    const wrong = await withCookie("POST", "/api/auth/delete-user", { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(await errorCode(wrong)).toBe("INVALID_PASSWORD");

    const me = (await (await withCookie("GET", "/api/me")).json()) as { user: { id: string } };
    const deleted = await withCookie("POST", "/api/auth/delete-user", { password: SHOPPER_PASSWORD });
    expect(deleted.status).toBe(200);
    expect((await api.request("/api/me", { headers: { cookie } })).status).toBe(401);
    const signIn = await post("/api/auth/sign-in/email", {
      email: "leaving@example.com",
      password: SHOPPER_PASSWORD,
    });
    expect(signIn.status).toBe(401);
    const leftovers = await api.database.db.select().from(cartLine).where(eq(cartLine.userId, me.user.id));
    expect(leftovers).toEqual([]);
    const waiting = await api.database.db
      .select({ email: backInStockRequests.email })
      .from(backInStockRequests);
    expect(waiting).toEqual([{ email: "staying@example.com" }]);
  });

  it("answers every per-user endpoint with a JSON 401 without a session", async () => {
    const me = await api.request("/api/me");
    expect(me.status).toBe(401);
    expect(await me.json()).toMatchObject({ error: { code: "unauthorized" } });
  });
});

describe("identity rate limits", () => {
  it("slows down repeated sign-in attempts from one client", async () => {
    const stopped = new Date();
    const limited = await createTestApi({ authRateLimited: true, now: () => stopped });
    try {
      // A different account each time: the per-account limit stays out of the way.
      const attempt = (n: number) =>
        limited.request("/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", origin: TEST_ORIGIN },
          body: JSON.stringify({ email: `nobody${n}@example.com`, password: "whatever-it-is" }),
        });
      const statuses: number[] = [];
      for (let i = 0; i <= SIGN_IN_LIMITS.address; i++) statuses.push((await attempt(i)).status);
      expect(statuses.slice(0, SIGN_IN_LIMITS.address).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
