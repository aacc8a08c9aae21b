import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { staffAccount, staffAudit, staffUser } from "../db/schema.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { staffCommand } from "./staff-cli.ts";
import { inviteFromCli, type StaffBrowser, staffBrowser, staffMemberFrom } from "./staff-testing.ts";

let api: TestApi;
let owner: StaffBrowser;
beforeAll(async () => {
  api = await createTestApi();
  const token = await inviteFromCli(api, "duena@example.com", "owner");
  owner = (await staffMemberFrom(api, token, { name: "Dueña", password: "faro-azul-del-norte-3" })).browser;
});
afterAll(() => api.close());

const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
const errorOf = async (response: Response) => errorBody.parse(await response.json()).error;
const person = { name: "Carla", password: "molinillo-de-cafe-88" };

describe("staff invitations", () => {
  it("answers 404 for a token that opens nothing", async () => {
    const browser = staffBrowser(api);
    const unknown = "a".repeat(43);
    expect((await browser.get(`/api/gestion/invitations/${unknown}`)).status).toBe(404);
    const accept = await browser.post(`/api/gestion/invitations/${unknown}/accept`, person);
    expect(accept.status).toBe(404);
    expect((await errorOf(accept)).code).toBe("not-found");
  });

  it("answers 410 for an expired invitation, and makes no account from it", async () => {
    const longAgo = () => new Date(Date.now() - 73 * 60 * 60 * 1000);
    const token = await inviteFromCli(api, "tarde@example.com", "staff", longAgo);
    const browser = staffBrowser(api);
    const opened = await browser.get(`/api/gestion/invitations/${token}`);
    expect(opened.status).toBe(410);
    expect((await errorOf(opened)).code).toBe("invitation-gone");
    expect((await browser.post(`/api/gestion/invitations/${token}/accept`, person)).status).toBe(410);
    expect(
      await api.database.db.select().from(staffUser).where(eq(staffUser.email, "tarde@example.com")),
    ).toEqual([]);
  });

  it("answers 410 for a used invitation", async () => {
    const token = await inviteFromCli(api, "usada@example.com", "staff");
    const first = staffBrowser(api);
    expect((await first.post(`/api/gestion/invitations/${token}/accept`, person)).status).toBe(201);
    const second = staffBrowser(api);
    expect((await second.get(`/api/gestion/invitations/${token}`)).status).toBe(410);
    const again = await second.post(`/api/gestion/invitations/${token}/accept`, {
      ...person,
      password: "otra-clave-distinta-55",
    });
    expect(again.status).toBe(410);
    expect(again.headers.getSetCookie().join("\n")).not.toContain("session_token=");
  });

  it("makes one account when one invitation is accepted twice at once", async () => {
    const token = await inviteFromCli(api, "doble@example.com", "staff");
    const answers = await Promise.all(
      [1, 2].map(async (n) =>
        staffBrowser(api).post(`/api/gestion/invitations/${token}/accept`, {
          name: `Doble ${n}`,
          password: `clave-doble-numero-${n}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410]);
    const users = await api.database.db
      .select()
      .from(staffUser)
      .where(eq(staffUser.email, "doble@example.com"));
    expect(users).toHaveLength(1);
    const accounts = await api.database.db
      .select()
      .from(staffAccount)
      .where(eq(staffAccount.userId, users[0]?.id ?? ""));
    expect(accounts).toHaveLength(1);
    const joins = await api.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.subjectId, users[0]?.id ?? ""));
    expect(joins.map((row) => row.action)).toEqual(["staff.join"]);
  });

  it("answers bad bodies with 400 JSON", async () => {
    const invalid = await owner.post("/api/gestion/staff/invitations", {
      email: "no-es-correo",
      role: "jefe",
    });
    expect(invalid.status).toBe(400);
    expect(await errorOf(invalid)).toMatchObject({
      code: "invalid-request",
      fields: { email: "email-invalid", role: expect.any(String) },
    });
    const malformed = await api.request("/api/gestion/staff/invitations", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json", cookie: owner.cookie() },
      body: "{nope",
    });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("invalid-request");

    const token = await inviteFromCli(api, "cuerpo@example.com", "staff");
    const browser = staffBrowser(api);
    const short = await browser.post(`/api/gestion/invitations/${token}/accept`, {
      name: "",
      password: "corta",
    });
    expect(short.status).toBe(400);
    expect((await errorOf(short)).fields).toMatchObject({
      name: "name-required",
      password: "password-too-short",
    });
    const common = await browser.post(`/api/gestion/invitations/${token}/accept`, {
      name: "Cuerpo",
      password: "password123",
    });
    expect(common.status).toBe(400);
    expect((await errorOf(common)).fields).toEqual({ password: "password-too-common" });
    const badToken = await browser.get("/api/gestion/invitations/no%00valido");
    expect(badToken.status).toBe(400);
    // The invitation is still open after all that.
    expect((await browser.get(`/api/gestion/invitations/${token}`)).status).toBe(200);
  });

  it("does not invite an address that already has a staff account", async () => {
    const again = await owner.post("/api/gestion/staff/invitations", {
      email: "duena@example.com",
      role: "staff",
    });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("already-staff");
  });

  it("explains bad command lines in Spanish and exits non-zero", async () => {
    const run = async (args: string[]) => {
      const printed: string[] = [];
      const failed: string[] = [];
      const code = await staffCommand(args, {
        db: api.database.db,
        origin: TEST_ORIGIN,
        now: () => new Date(),
        print: (line) => printed.push(line),
        fail: (line) => failed.push(line),
      });
      return { code, printed: printed.join("\n"), failed: failed.join("\n") };
    };
    expect(await run([])).toMatchObject({ code: 2, failed: expect.stringContaining("uso: npm run staff") });
    expect(await run(["invite", "no-es-correo"])).toMatchObject({
      code: 2,
      failed: expect.stringContaining("no es un correo"),
    });
    expect(await run(["invite", "x@example.com", "--role", "jefe"])).toMatchObject({
      code: 2,
      failed: expect.stringContaining("papel desconocido"),
    });
    expect(await run(["borrar", "x@example.com"])).toMatchObject({
      code: 2,
      failed: expect.stringContaining("orden no válida"),
    });
    expect(await run(["invite", "x@example.com", "--rol", "owner"])).toMatchObject({ code: 2 });
    expect(await run(["invite", "duena@example.com", "--role", "owner"])).toMatchObject({
      code: 1,
      failed: expect.stringContaining("ya tiene"),
    });
    const ok = await run(["invite", "nuevo@example.com"]);
    expect(ok.code).toBe(0);
    expect(ok.printed).toContain(`${TEST_ORIGIN}/gestion/invitacion?token=`);
    expect(ok.printed).toContain("(staff)");
  });
});
