import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { staffListSchema, staffMeSchema } from "#shared/api/staff-contract.ts";
import { mailOutbox, staffAudit, staffSession, staffUser } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { signUpShopper } from "../testing/test-users.ts";
import {
  invitationTokenIn,
  inviteFromCli,
  type StaffBrowser,
  staffBrowser,
  staffMemberFrom,
  totpCode,
} from "./staff-testing.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const codeOf = async (response: Response) => errorBody.parse(await response.json()).error.code;

const ana = { email: "ana@example.com", name: "Ana Gestora", password: "tortuga-lunar-azul-42" };
const bea = { email: "bea@example.com", name: "Bea Almacén", password: "cometa-verde-rojo-17" };

describe("the back office's staff identity", () => {
  let owner: StaffBrowser;
  let ownerTotp = "";

  it("invites the first owner from the command line, who accepts, enrols TOTP and reaches guarded routes", async () => {
    const token = await inviteFromCli(api, ana.email, "owner");
    owner = staffBrowser(api);
    const opened = await owner.get(`/api/gestion/invitations/${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ email: ana.email, role: "owner" });

    const accepted = await owner.post(`/api/gestion/invitations/${token}/accept`, {
      name: ana.name,
      password: ana.password,
    });
    expect(accepted.status).toBe(201);
    const setCookie = accepted.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/gestion\.session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).not.toContain("better-auth.");

    // Signed in, but no second factor yet: /me answers, the guarded routes do not.
    const me = await owner.get("/api/gestion/me");
    expect(me.status).toBe(200);
    expect(staffMeSchema.parse(await me.json())).toMatchObject({
      email: ana.email,
      role: "owner",
      twoFactorEnabled: false,
    });
    const early = await owner.get("/api/gestion/staff");
    expect(early.status).toBe(403);
    expect(await codeOf(early)).toBe("second-factor-required");

    const enabled = await owner.post("/api/gestion/auth/two-factor/enable", { password: ana.password });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = z
      .object({ totpURI: z.string(), backupCodes: z.array(z.string()) })
      .parse(await enabled.json());
    expect(totpURI).toContain(encodeURIComponent("Tienda Oficial Miaubot"));
    expect(backupCodes.length).toBeGreaterThan(0);
    ownerTotp = totpURI;
    const wrong = await owner.post("/api/gestion/auth/two-factor/verify-totp", { code: "000000" });
    expect(wrong.ok).toBe(false);
    const verified = await owner.post("/api/gestion/auth/two-factor/verify-totp", {
      code: totpCode(totpURI),
    });
    expect(verified.status).toBe(200);

    const list = await owner.get("/api/gestion/staff");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const { staff } = staffListSchema.parse(await list.json());
    expect(staff).toMatchObject([
      { email: ana.email, role: "owner", twoFactorEnabled: true, disabledAt: null },
    ]);
  });

  it("mails an owner's invitation, which makes a staff member who may not invite", async () => {
    const invited = await owner.post("/api/gestion/staff/invitations", {
      email: "  Bea@Example.com ",
      role: "staff",
    });
    expect(invited.status).toBe(201);
    expect(await invited.json()).toMatchObject({ email: bea.email, role: "staff" });
    const [queued] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, bea.email));
    expect(queued?.subject).toContain("gestión");
    await api.deliverMail();
    const mail = api.mails.find((sent) => sent.to === bea.email);
    expect(mail?.text).toContain("http://localhost:3000/gestion/invitacion?token=");
    const token = invitationTokenIn(mail?.text ?? "");
    // Only the token's hash is stored.
    const stored = await api.database.db.query.staffInvitation.findMany();
    expect(JSON.stringify(stored)).not.toContain(token);

    const { browser } = await staffMemberFrom(api, token, { name: bea.name, password: bea.password });
    const me = staffMeSchema.parse(await (await browser.get("/api/gestion/me")).json());
    expect(me).toMatchObject({ email: bea.email, role: "staff", twoFactorEnabled: true });
    const refused = await browser.post("/api/gestion/staff/invitations", {
      email: "carla@example.com",
      role: "owner",
    });
    expect(refused.status).toBe(403);
    expect(await codeOf(refused)).toBe("forbidden");
    expect((await browser.get("/api/gestion/staff")).status).toBe(403);
    expect((await browser.post(`/api/gestion/staff/${me.id}/disable`)).status).toBe(403);
  });

  it("signs out, then in again with the password and then the TOTP code", async () => {
    expect((await owner.post("/api/gestion/auth/sign-out")).status).toBe(200);
    expect((await owner.get("/api/gestion/me")).status).toBe(401);

    const signedIn = await owner.post("/api/gestion/auth/sign-in/email", {
      email: ana.email,
      password: ana.password,
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ twoFactorRedirect: true });
    expect(owner.cookieNames()).toContain("gestion.two_factor");
    expect(owner.cookieNames()).not.toContain("gestion.session_token");
    expect((await owner.get("/api/gestion/me")).status).toBe(401);

    // No device is trusted: the next sign-in asks for the code again.
    const verified = await owner.post("/api/gestion/auth/two-factor/verify-totp", {
      code: totpCode(ownerTotp),
      trustDevice: true,
    });
    expect(verified.status).toBe(200);
    expect(owner.cookieNames()).not.toContain("gestion.trust_device");
    const me = await owner.get("/api/gestion/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: ana.email, twoFactorEnabled: true });
    expect((await owner.get("/api/gestion/staff")).status).toBe(200);
  });

  it("keeps a staff session 8 hours and never extends it", async () => {
    const [anaRow] = await api.database.db.select().from(staffUser).where(eq(staffUser.email, ana.email));
    const sessions = await api.database.db
      .select()
      .from(staffSession)
      .where(eq(staffSession.userId, anaRow?.id ?? ""));
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      const hours = (session.expiresAt.getTime() - session.createdAt.getTime()) / 3_600_000;
      expect(hours).toBeGreaterThan(7.9);
      expect(hours).toBeLessThanOrEqual(8.01);
    }
  });

  it("answers a shopper's session as nobody: 401 at /me and on guarded routes", async () => {
    const shopper = await signUpShopper(api, "shopper@example.com");
    const browser = staffBrowser(api, shopper);
    for (const response of [
      await browser.get("/api/gestion/me"),
      await browser.get("/api/gestion/staff"),
      await browser.post("/api/gestion/staff/invitations", { email: "x@example.com", role: "owner" }),
    ]) {
      expect(response.status).toBe(401);
      expect(await codeOf(response)).toBe("unauthorized");
    }
    expect(await (await browser.get("/api/gestion/auth/get-session")).json()).toBeNull();
    // And a staff cookie is no shopper's session.
    const me = await api.request("/api/me", { headers: { cookie: owner.cookie() } });
    expect(me.status).toBe(401);
  });

  it("signs up nobody: accounts come from invitations only", async () => {
    const browser = staffBrowser(api);
    const signUp = await browser.post("/api/gestion/auth/sign-up/email", {
      email: "intruso@example.com",
      name: "X",
      password: "una-clave-muy-larga-1",
    });
    expect(signUp.ok).toBe(false);
    const rows = await api.database.db
      .select()
      .from(staffUser)
      .where(eq(staffUser.email, "intruso@example.com"));
    expect(rows).toEqual([]);
  });

  it("disables a staff member: their sessions end, they sign in no more, and the owner cannot disable themselves", async () => {
    const [beaRow] = await api.database.db.select().from(staffUser).where(eq(staffUser.email, bea.email));
    const [anaRow] = await api.database.db.select().from(staffUser).where(eq(staffUser.email, ana.email));
    if (!beaRow || !anaRow) throw new Error("staff rows missing");
    const self = await owner.post(`/api/gestion/staff/${anaRow.id}/disable`);
    expect(self.status).toBe(409);
    expect((await owner.post("/api/gestion/staff/no-such-id/disable")).status).toBe(404);

    const disabled = await owner.post(`/api/gestion/staff/${beaRow.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toMatchObject({ email: bea.email, disabledAt: expect.any(String) });
    expect(
      await api.database.db.select().from(staffSession).where(eq(staffSession.userId, beaRow.id)),
    ).toEqual([]);
    expect((await owner.post(`/api/gestion/staff/${beaRow.id}/disable`)).status).toBe(409);

    const again = await staffBrowser(api).post("/api/gestion/auth/sign-in/email", {
      email: bea.email,
      password: bea.password,
    });
    expect(again.status).toBe(403);
    expect(again.headers.getSetCookie().join("\n")).not.toContain("session_token=");
  });

  it("keeps who did what in the audit", async () => {
    const rows = await api.database.db.select().from(staffAudit);
    const [anaRow] = await api.database.db.select().from(staffUser).where(eq(staffUser.email, ana.email));
    expect(rows.find((row) => row.action === "staff.invite" && row.subjectId === ana.email)).toMatchObject({
      actor: "cli",
      staffId: null,
      after: { email: ana.email, role: "owner" },
    });
    expect(rows.find((row) => row.action === "staff.invite" && row.subjectId === bea.email)).toMatchObject({
      actor: ana.email,
      staffId: anaRow?.id,
      after: { email: bea.email, role: "staff" },
    });
    expect(
      rows
        .filter((row) => row.action === "staff.join")
        .map((row) => row.actor)
        .sort(),
    ).toEqual([ana.email, bea.email]);
    const disabling = await api.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, "staff.disable"), eq(staffAudit.actor, ana.email)));
    expect(disabling).toHaveLength(1);
    expect(disabling[0]?.before).toMatchObject({ email: bea.email, disabledAt: null });
  });
});
