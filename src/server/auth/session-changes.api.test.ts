import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { session, user } from "../db/auth-schema.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { asShopper, signUpShopper } from "../testing/test-users.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const me = async (cookie: string) => {
  const response = await asShopper(api, cookie)("GET", "/api/me");
  return response.ok ? ((await response.json()) as { user: SessionUser }).user : response.status;
};

/**
 * The app keeps confirmed sessions in memory (decision 019); whatever changes a session or an
 * account in the database, even outside the app, reaches it through the database's announcement.
 */
describe("sessions kept in memory", () => {
  it("are refused once their row is deleted by anyone, even by hand", async () => {
    const cookie = await signUpShopper(api, "kept.deleted@example.com");
    expect(await me(cookie)).toMatchObject({ email: "kept.deleted@example.com" });
    const [row] = await api.database.db.select().from(user).where(eq(user.email, "kept.deleted@example.com"));
    await api.database.db.delete(session).where(eq(session.userId, row?.id ?? ""));
    await expect.poll(() => me(cookie)).toBe(401);
  });

  it("show the account's new name once it is changed by anyone", async () => {
    const cookie = await signUpShopper(api, "kept.renamed@example.com");
    expect(await me(cookie)).toMatchObject({ name: "Test" });
    await api.database.db
      .update(user)
      .set({ name: "Renombrada" })
      .where(eq(user.email, "kept.renamed@example.com"));
    await expect.poll(async () => ((await me(cookie)) as SessionUser).name).toBe("Renombrada");
  });

  it("end at sign-out, at once", async () => {
    const cookie = await signUpShopper(api, "kept.signout@example.com");
    expect(await me(cookie)).toMatchObject({ email: "kept.signout@example.com" });
    const out = await asShopper(api, cookie)("POST", "/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect(await me(cookie)).toBe(401);
  });
});
