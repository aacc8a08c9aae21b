import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { asShopper, signUpShopper } from "../testing/test-users.ts";

let api: TestApi;

beforeAll(async () => {
  // The password limits' clock stands still: a slow machine cannot outwait a delay.
  const stopped = new Date();
  api = await createTestApi({ now: () => stopped });
});
afterAll(() => api.close());

const PASSWORD = "gato-robot-azul-7";

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

function signIn(email: string) {
  return api.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
}

describe("changing the sign-in email", () => {
  it("needs the password, refuses an address in use, and keeps the session", async () => {
    const cookie = await signUpShopper(api, "antes@example.com");
    const shopper = asShopper(api, cookie);
    await signUpShopper(api, "ocupado@example.com");

    const wrong = await shopper("POST", "/api/me/email", {
      newEmail: "despues@example.com",
      password: "nope",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { code: "INVALID_PASSWORD" } });
    const taken = await shopper("POST", "/api/me/email", {
      newEmail: "OCUPADO@example.com",
      password: PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { code: "USER_ALREADY_EXISTS" } });
    const invalid = await shopper("POST", "/api/me/email", { newEmail: "not-an-email", password: PASSWORD });
    expect(invalid.status).toBe(400);

    const changed = await shopper("POST", "/api/me/email", {
      newEmail: "Despues@Example.com",
      password: PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ email: "despues@example.com" });
    expect(await (await shopper("GET", "/api/me")).json()).toMatchObject({
      user: { email: "despues@example.com" },
    });
    expect(await (await shopper("GET", "/api/personal-data")).json()).toMatchObject({
      email: "despues@example.com",
    });

    expect((await signIn("antes@example.com")).status).toBe(401);
    expect((await signIn("despues@example.com")).status).toBe(200);
  });

  it("tells the old address, signs the account's other devices out, and limits wrong passwords (issue 11)", async () => {
    const cookie = await signUpShopper(api, "aviso-antes@example.com");
    const otherDevice = asShopper(api, cookieOf(await signIn("aviso-antes@example.com")));
    expect((await otherDevice("GET", "/api/me")).status).toBe(200);
    const shopper = asShopper(api, cookie);
    const changed = await shopper("POST", "/api/me/email", {
      newEmail: "aviso-despues@example.com",
      password: PASSWORD,
    });
    expect(changed.status).toBe(200);
    await expect
      .poll(() => api.mails.findLast((mail) => mail.to === "aviso-antes@example.com")?.text ?? "")
      .toContain("aviso-despues@example.com");
    expect((await otherDevice("GET", "/api/me")).status).toBe(401);
    expect((await shopper("GET", "/api/me")).status).toBe(200);

    const guess = () =>
      shopper("POST", "/api/me/email", { newEmail: "robado@example.com", password: "adivina-1234" });
    for (let n = 0; n < 5; n++) expect((await guess()).status).toBe(400);
    const locked = await guess();
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ error: { code: "TOO_MANY_ATTEMPTS" } });
  });

  it("checks a new password against the common ones, tells the owner, and signs other devices out", async () => {
    const cookie = await signUpShopper(api, "clave@example.com");
    const otherDevice = asShopper(api, cookieOf(await signIn("clave@example.com")));
    const shopper = asShopper(api, cookie);
    const common = await shopper("POST", "/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "password123",
    });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    const changed = await shopper("POST", "/api/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "gato-robot-rojo-9",
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect((await otherDevice("GET", "/api/me")).status).toBe(401);
    expect(api.mails.findLast((mail) => mail.to === "clave@example.com")?.subject).toBe(
      "Has cambiado tu contraseña",
    );
  });

  it("answers 401 without a session", async () => {
    const response = await asShopper(api, undefined)("POST", "/api/me/email", {
      newEmail: "x@example.com",
      password: "x",
    });
    expect(response.status).toBe(401);
  });
});
