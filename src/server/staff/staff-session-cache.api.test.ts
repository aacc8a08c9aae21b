import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { staffSession, staffUser } from "../db/schema.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { inviteFromCli, staffBrowser, staffMemberFrom, totpCode } from "./staff-testing.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const errorBody = z.object({ error: z.object({ code: z.string() }) });
const codeOf = async (response: Response) => errorBody.parse(await response.json()).error.code;

/** A copy of a browser's cookies replayed as they were (a second tab, or a stolen copy). */
const replay = (cookie: string, path: string) =>
  api.request(path, { headers: { origin: TEST_ORIGIN, cookie } });

const PASSWORD = "lince-nocturno-claro-58";

const member = async (email: string, role: "owner" | "staff") =>
  staffMemberFrom(api, await inviteFromCli(api, email, role), {
    name: email.split("@")[0] ?? email,
    password: PASSWORD,
  });

const idOf = async (email: string) => {
  const [row] = await api.database.db
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(eq(staffUser.email, email));
  if (!row) throw new Error(`no staff member ${email}`);
  return row.id;
};

describe("staff sessions kept in memory (issue 30, decision 019's addendum)", () => {
  it("keeps a confirmed session and answers from it; a shopper's cookie is no staff cookie", async () => {
    const { browser } = await member("kept@example.com", "staff");
    const before = api.staffSessionCache.size();
    expect((await browser.get("/api/gestion/orders")).status).toBe(200);
    expect(api.staffSessionCache.size()).toBeGreaterThanOrEqual(Math.max(before, 1));
    expect((await browser.get("/api/gestion/orders")).status).toBe(200);
    // A shopper's cookie named like it is not a staff cookie.
    const shopper = await replay("better-auth.session_token=abc.def", "/api/gestion/orders");
    expect(shopper.status).toBe(401);
  });

  it("refuses a signed-out session's copy at once, and ends the other devices' with a new password", async () => {
    const { browser, totpURI } = await member("leaves@example.com", "staff");
    expect((await browser.get("/api/gestion/orders")).status).toBe(200);
    const other = staffBrowser(api);
    await other.post("/api/gestion/auth/sign-in/email", { email: "leaves@example.com", password: PASSWORD });
    await other.post("/api/gestion/auth/two-factor/verify-totp", { code: totpCode(totpURI) });
    expect((await other.get("/api/gestion/orders")).status).toBe(200);

    const changed = await browser.post("/api/gestion/auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: "otro-lince-nocturno-91",
    });
    expect(changed.status).toBe(200);
    expect((await other.get("/api/gestion/orders")).status).toBe(401);

    expect((await browser.get("/api/gestion/orders")).status).toBe(200);
    const copy = browser.cookie();
    expect((await browser.post("/api/gestion/auth/sign-out")).status).toBe(200);
    expect((await replay(copy, "/api/gestion/orders")).status).toBe(401);
  });

  it("an owner disabling a member ends their kept session on the very next request", async () => {
    const owner = await member("owner@example.com", "owner");
    const clerk = await member("clerk@example.com", "staff");
    expect((await clerk.browser.get("/api/gestion/orders")).status).toBe(200);
    const clerkId = await idOf("clerk@example.com");
    expect((await owner.browser.post(`/api/gestion/staff/${clerkId}/disable`)).status).toBe(200);
    const refused = await clerk.browser.get("/api/gestion/orders");
    expect(refused.status).toBe(401);
  });

  it("hears a change made elsewhere (another process, or SQL by hand) from the database", async () => {
    const { browser } = await member("boss@example.com", "owner");
    expect((await browser.get("/api/gestion/staff")).status).toBe(200);
    const id = await idOf("boss@example.com");
    // Demoted by hand: the role the guard decides on is not kept past the announcement.
    await api.database.db.update(staffUser).set({ role: "staff" }).where(eq(staffUser.id, id));
    await expect.poll(async () => (await browser.get("/api/gestion/staff")).status).toBe(403);
    expect(await codeOf(await browser.get("/api/gestion/staff"))).toBe("forbidden");
    expect((await browser.get("/api/gestion/orders")).status).toBe(200);
    // Disabled by hand, sessions left as they are: refused as one who left.
    await api.database.db.update(staffUser).set({ disabledAt: new Date() }).where(eq(staffUser.id, id));
    await expect.poll(async () => (await browser.get("/api/gestion/orders")).status).toBe(403);
    expect(await codeOf(await browser.get("/api/gestion/orders"))).toBe("staff-disabled");
  });

  it("a session ended by hand is refused once the database says so", async () => {
    const { browser } = await member("ended@example.com", "staff");
    expect((await browser.get("/api/gestion/orders")).status).toBe(200);
    const id = await idOf("ended@example.com");
    await api.database.db.delete(staffSession).where(eq(staffSession.userId, id));
    await expect.poll(async () => (await browser.get("/api/gestion/orders")).status).toBe(401);
  });

  it("a staff browser with no cookie at all is refused", async () => {
    expect((await staffBrowser(api).get("/api/gestion/orders")).status).toBe(401);
  });
});
