import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";

/** Issue 28: a real list of breached passwords, refused wherever a password is chosen. */
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const BREACHED = ["iloveyou1", "qwerty123", "Password1", "contraseña1"];
const STRONG = "tejado-de-gatos-robot-31";

const post = (path: string, body: unknown, cookie?: string) =>
  api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const signUp = (email: string, password: string) =>
  post("/api/auth/sign-up/email", { name: "Rosa", lastName: "Vidal", email, password });

async function expectTooCommon(response: Response) {
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
}

/** A proven account with a strong password, signed in: the Cookie header of its session. */
async function signedIn(email: string): Promise<string> {
  expect((await signUp(email, STRONG)).status).toBe(200);
  await api.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const response = await post("/api/auth/sign-in/email", { email, password: STRONG });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("breached passwords (issue 28)", () => {
  it("refuses them at sign-up and takes a strong one", async () => {
    for (const [index, password] of BREACHED.entries()) {
      await expectTooCommon(await signUp(`filtrada-${index}@example.com`, password));
    }
    expect((await signUp("fuerte@example.com", STRONG)).status).toBe(200);
  });

  it("refuses them as a new password, changed or reset", async () => {
    const email = "cambio.filtrada@example.com";
    const cookie = await signedIn(email);
    for (const newPassword of BREACHED) {
      await expectTooCommon(
        await post("/api/auth/change-password", { currentPassword: STRONG, newPassword }, cookie),
      );
    }
    const changed = await post(
      "/api/auth/change-password",
      { currentPassword: STRONG, newPassword: `${STRONG}-2` },
      cookie,
    );
    expect(changed.status).toBe(200);

    expect((await post("/api/auth/request-password-reset", { email })).status).toBe(200);
    await api.deliverMail();
    const mail = api.mails.findLast((sent) => sent.to === email && sent.text.includes("restablecer="));
    const token = decodeURIComponent(/restablecer=([^\s&"]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    expect(token).not.toBe("");
    for (const newPassword of BREACHED) {
      await expectTooCommon(await post("/api/auth/reset-password", { token, newPassword }));
    }
    expect((await post("/api/auth/reset-password", { token, newPassword: `${STRONG}-3` })).status).toBe(200);
  });
});
