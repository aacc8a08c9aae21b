import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { inviteFromCli, staffBrowser, staffMemberFrom } from "../staff/staff-testing.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { signUpShopper } from "../testing/test-users.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const errorBody = z.object({ error: z.object({ code: z.string() }) });
const SECTIONS = [
  "/api/gestion/orders",
  "/api/gestion/customers",
  "/api/gestion/dashboard",
  "/api/gestion/stock",
  "/api/gestion/newsletter/subscribers",
];

describe("the back office's one guard (issue 30)", () => {
  it("lets nobody signed out into any section", async () => {
    for (const path of SECTIONS) {
      const answer = await api.request(path, { headers: { origin: TEST_ORIGIN } });
      expect(answer.status, path).toBe(401);
      expect(errorBody.parse(await answer.json()).error.code).toBe("unauthorized");
    }
  });

  it("lets no shopper in with the shop's session", async () => {
    const cookie = await signUpShopper(api, "guard.shopper@example.com");
    for (const path of SECTIONS) {
      const answer = await api.request(`${path}/x`, { headers: { origin: TEST_ORIGIN, cookie } });
      expect(answer.status, path).toBe(401);
    }
  });

  it("lets no staff member in before their second factor, and answers one who has it", async () => {
    const token = await inviteFromCli(api, "guard.owner@example.com", "owner");
    const early = staffBrowser(api);
    await early.post(`/api/gestion/invitations/${token}/accept`, {
      name: "Early",
      password: "tortuga-lunar-azul-42",
    });
    for (const path of SECTIONS) {
      const answer = await early.get(path);
      expect(answer.status, path).toBe(403);
      expect(errorBody.parse(await answer.json()).error.code).toBe("second-factor-required");
    }
    const second = await inviteFromCli(api, "guard.staff@example.com", "staff");
    const { browser } = await staffMemberFrom(api, second, { name: "Bea", password: "cometa-verde-rojo-17" });
    // Past the guard, a path no section has is the API's own 404, never a 401.
    const answer = await browser.get("/api/gestion/orders/no/such/route");
    expect(answer.status).toBe(404);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
  });
});
