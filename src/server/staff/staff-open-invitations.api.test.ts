import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openInvitationListSchema } from "#shared/api/staff-contract.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { inviteFromCli, type StaffBrowser, staffMemberFrom } from "./staff-testing.ts";

let api: TestApi;
let owner: StaffBrowser;
beforeAll(async () => {
  api = await createTestApi();
  const token = await inviteFromCli(api, "propietaria@example.com", "owner");
  owner = (await staffMemberFrom(api, token, { name: "Irene", password: "nube-de-verano-azul-4" })).browser;
});
afterAll(() => api.close());

const listed = async (browser: StaffBrowser) => {
  const answer = await browser.get("/api/gestion/staff/invitations");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  return openInvitationListSchema.parse(await answer.json()).invitations;
};

describe("GET /api/gestion/staff/invitations (the owner's team screen)", () => {
  it("lists the invitations waiting, newest first, and not the used, expired or answered ones", async () => {
    const sent = await owner.post("/api/gestion/staff/invitations", {
      email: "nuevo@example.com",
      role: "staff",
    });
    expect(sent.status).toBe(201);
    await owner.post("/api/gestion/staff/invitations", { email: "socia@example.com", role: "owner" });
    const longAgo = () => new Date(Date.now() - 73 * 60 * 60 * 1000);
    await inviteFromCli(api, "caducada@example.com", "staff", longAgo);
    const used = await inviteFromCli(api, "usada@example.com", "staff");
    await staffMemberFrom(api, used, { name: "Usada", password: "pez-luna-del-sur-19" });
    // Invited twice, joined through the second: the first invitation waits for nobody.
    await inviteFromCli(api, "dos.veces@example.com", "staff");
    const again = await inviteFromCli(api, "dos.veces@example.com", "staff");
    await staffMemberFrom(api, again, { name: "Dos", password: "barco-rojo-del-este-7" });
    const invitations = await listed(owner);
    expect(invitations.map(({ email, role }) => [email, role])).toEqual([
      ["socia@example.com", "owner"],
      ["nuevo@example.com", "staff"],
    ]);
  });

  it("is the owner's alone", async () => {
    expect(
      (await api.request("/api/gestion/staff/invitations", { headers: { origin: TEST_ORIGIN } })).status,
    ).toBe(401);
    const token = await inviteFromCli(api, "personal@example.com", "staff");
    const { browser } = await staffMemberFrom(api, token, {
      name: "Pablo",
      password: "roca-verde-del-mar-26",
    });
    expect((await browser.get("/api/gestion/staff/invitations")).status).toBe(403);
  });
});
