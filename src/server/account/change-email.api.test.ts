import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { asShopper, signUpShopper } from "../testing/test-users.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const PASSWORD = "gato-robot-azul-7";

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

    const signIn = (email: string) =>
      api.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
    expect((await signIn("antes@example.com")).status).toBe(401);
    expect((await signIn("despues@example.com")).status).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const response = await asShopper(api, undefined)("POST", "/api/me/email", {
      newEmail: "x@example.com",
      password: "x",
    });
    expect(response.status).toBe(401);
  });
});
