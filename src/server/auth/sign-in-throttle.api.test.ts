import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFailure } from "../db/schema.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { signUpShopper } from "../testing/test-users.ts";
import { ACCOUNT_FAILURE_LIMIT } from "./sign-in-throttle.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({ authRateLimited: true });
});
afterAll(() => api.close());

const signIn = (email: string, password: string) =>
  api.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password }),
  });

describe("sign-in limit per account", () => {
  it("locks one account after a few wrong passwords, before the per-address limit, and only that account", async () => {
    await signUpShopper(api, "victima@example.com");
    await signUpShopper(api, "vecina@example.com");
    for (let n = 0; n < ACCOUNT_FAILURE_LIMIT; n++) {
      expect((await signIn("Victima@example.com", `guess-${n}-wrong`)).status).toBe(401);
    }
    const locked = await signIn("victima@example.com", "gato-robot-azul-7");
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    // Same client, another account: still answered normally.
    expect((await signIn("vecina@example.com", "gato-robot-azul-7")).status).toBe(200);

    // Once the failures are older than the window, the right password works again.
    await api.database.db
      .update(signInFailure)
      .set({ at: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(signInFailure.email, "victima@example.com"));
    expect((await signIn("victima@example.com", "gato-robot-azul-7")).status).toBe(200);
    const left = await api.database.db
      .select()
      .from(signInFailure)
      .where(eq(signInFailure.email, "victima@example.com"));
    expect(left).toEqual([]);
  });
});
