import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  PROMOTIONS_API,
  type PromotionCreateRequest,
  type PromotionView,
  promotionAnswerSchema,
  promotionListSchema,
} from "#shared/api/back-office-promotion-contract.ts";
import type { OrderView } from "#shared/api/order-contract.ts";
import { auditOf } from "../audit/staff-audit.ts";
import { inviteFromCli, type StaffBrowser, staffBrowser } from "../staff/staff-testing.ts";
import { signedInStaff } from "../testing/back-office-staff.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { body, orderRequest, quote, shopperWithCart } from "../testing/test-orders.ts";
import { signUpShopper } from "../testing/test-users.ts";

let api: TestApi;
let owner: StaffBrowser;
let staff: StaffBrowser;

const errorBody = z.object({
  error: z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() }),
  promotion: z.object({ version: z.number() }).optional(),
});

beforeAll(async () => {
  api = await createTestApi();
  owner = await signedInStaff(api, "duena.promos@example.com", "owner");
  staff = await signedInStaff(api, "bea.promos@example.com", "staff");
});
afterAll(() => api.close());

const rules = (code: string, extra: Partial<PromotionCreateRequest> = {}): PromotionCreateRequest => ({
  code,
  kind: "percent",
  value: 20,
  minSubtotalCents: 0,
  startsAt: null,
  endsAt: null,
  totalLimit: null,
  perUserLimit: null,
  firstOrderOnly: false,
  categories: null,
  listed: false,
  ...extra,
});

async function answered(response: Response, status: number): Promise<PromotionView> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return promotionAnswerSchema.parse(JSON.parse(text)).promotion;
}

async function refused(response: Response, status: number) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return errorBody.parse(JSON.parse(text));
}

const create = (who: StaffBrowser, request: PromotionCreateRequest) => who.post(PROMOTIONS_API, request);
const editOf = (view: PromotionView, change: Partial<PromotionCreateRequest>) => {
  const { code: _code, ...rest } = { ...rules(view.code), ...pick(view), ...change };
  return { ...rest, version: view.version };
};
const pick = (view: PromotionView) => ({
  kind: view.kind,
  value: view.value,
  minSubtotalCents: view.minSubtotalCents,
  startsAt: view.startsAt,
  endsAt: view.endsAt,
  totalLimit: view.totalLimit,
  perUserLimit: view.perUserLimit,
  firstOrderOnly: view.firstOrderOnly,
  categories: view.categories,
  listed: view.listed,
});

async function listed(who: StaffBrowser) {
  const response = await who.get(PROMOTIONS_API);
  expect(response.status).toBe(200);
  return promotionListSchema.parse(await response.json()).items;
}

describe("promotions in the back office (issue 32)", () => {
  it("answers 401 to nobody signed in and to a shopper, on every route", async () => {
    const shopper = staffBrowser(api, await signUpShopper(api, "curioso.promos@example.com"));
    for (const who of [staffBrowser(api), shopper]) {
      for (const path of [PROMOTIONS_API, `${PROMOTIONS_API}/BIENVENIDA10`])
        expect((await who.get(path)).status, path).toBe(401);
      expect((await create(who, rules("NADIE1"))).status).toBe(401);
      expect((await who.post(`${PROMOTIONS_API}/BIENVENIDA10`, editOf(await welcome(), {}))).status).toBe(
        401,
      );
      for (const step of ["pause", "resume", "end"])
        expect((await who.post(`${PROMOTIONS_API}/BIENVENIDA10/${step}`, { version: 1 })).status).toBe(401);
    }
    expect((await listed(owner)).map((item) => item.code)).not.toContain("NADIE1");
  });

  it("answers 403 to a staff member without the second factor", async () => {
    const early = staffBrowser(api);
    const token = await inviteFromCli(api, "sin.factor.promos@example.com", "staff");
    await early.post(`/api/gestion/invitations/${token}/accept`, {
      name: "Sin",
      password: "tortuga-lunar-azul-42",
    });
    const answer = await early.get(PROMOTIONS_API);
    expect(answer.status).toBe(403);
    expect(errorBody.parse(await answer.json()).error.code).toBe("second-factor-required");
    expect((await create(early, rules("TEMPRANO"))).status).toBe(403);
  });

  it("lists the welcome coupon with its state and uses", async () => {
    expect(await welcome()).toMatchObject({ code: "BIENVENIDA10", state: "active", uses: 0, used: false });
  });

  it("creates a coupon upper-cased, refuses its code in another case, and audits it", async () => {
    const made = await answered(await create(staff, rules("verano24", { listed: true })), 201);
    expect(made).toMatchObject({ code: "VERANO24", state: "active", version: 1, uses: 0 });
    const again = await refused(await create(owner, rules("Verano24")), 409);
    expect(again.error).toMatchObject({ code: "code-taken", fields: { code: "code-taken" } });
    const [entry] = await auditOf(api.database.db, "promotion", "VERANO24");
    expect(entry).toMatchObject({ action: "promotion.create", actor: "bea.promos@example.com" });
    expect((await listed(owner)).find((item) => item.code === "VERANO24")?.listed).toBe(true);
  });

  it("refuses rules the engine cannot keep, naming each field", async () => {
    const cases: Array<[Partial<PromotionCreateRequest>, Record<string, string>]> = [
      [{ code: "x" }, { code: "code-invalid" }],
      [{ value: 120 }, { value: "percent-invalid" }],
      [{ kind: "fixed", value: 0 }, { value: "amount-invalid" }],
      [{ kind: "free-shipping", value: 5 }, { value: "value-unused" }],
      [
        { totalLimit: 0, perUserLimit: -1 },
        { totalLimit: "limit-invalid", perUserLimit: "limit-invalid" },
      ],
      [{ categories: [] }, { categories: "categories-empty" }],
      [
        { startsAt: "2026-12-10T00:00:00.000Z", endsAt: "2026-12-01T00:00:00.000Z" },
        { endsAt: "ends-before-start" },
      ],
    ];
    for (const [change, fields] of cases) {
      const answer = await refused(await create(owner, rules("MALO1", change)), 400);
      expect(answer.error.fields, JSON.stringify(change)).toMatchObject(fields);
    }
    const unknownCategory = { ...rules("MALO2"), categories: ["Juguete", "Nada"] };
    expect((await owner.post(PROMOTIONS_API, unknownCategory)).status).toBe(400);
  });

  it("refuses the later of two edits made on one version (409), keeping the first", async () => {
    const made = await answered(await create(owner, rules("DOSALAVEZ")), 201);
    const first = await answered(
      await owner.post(`${PROMOTIONS_API}/DOSALAVEZ`, editOf(made, { value: 15 })),
      200,
    );
    expect(first).toMatchObject({ value: 15, version: 2 });
    const later = await refused(
      await staff.post(`${PROMOTIONS_API}/DOSALAVEZ`, editOf(made, { value: 30 })),
      409,
    );
    expect(later.error.code).toBe("stale-version");
    expect(later.promotion?.version).toBe(2);
    const stalePause = await refused(
      await staff.post(`${PROMOTIONS_API}/DOSALAVEZ/pause`, { version: 1 }),
      409,
    );
    expect(stalePause.error.code).toBe("stale-version");
    expect(await promotion("DOSALAVEZ")).toMatchObject({ value: 15, version: 2, paused: false });
    const actions = (await auditOf(api.database.db, "promotion", "DOSALAVEZ")).map((entry) => entry.action);
    expect(actions).toEqual(["promotion.create", "promotion.edit"]);
  });

  it("keeps one of two edits sent at the same moment on one version, and refuses the other", async () => {
    const made = await answered(await create(owner, rules("CARRERA")), 201);
    const answers = await Promise.all([
      owner.post(`${PROMOTIONS_API}/CARRERA`, editOf(made, { value: 11 })),
      staff.post(`${PROMOTIONS_API}/CARRERA`, editOf(made, { value: 22 })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const kept = answers[0]?.status === 200 ? 11 : 22;
    expect(await promotion("CARRERA")).toMatchObject({ value: kept, version: 2 });
  });

  it("answers 404 for a code that does not exist", async () => {
    expect((await owner.get(`${PROMOTIONS_API}/NOEXISTE`)).status).toBe(404);
    expect((await owner.post(`${PROMOTIONS_API}/NOEXISTE/pause`, { version: 1 })).status).toBe(404);
  });

  it("is accepted at checkout with its rules, refused while paused and after its end", async () => {
    // 5 € off toys from 20 €, once per shopper, listed; the cart: a toy (12,95 €) and a pencil case item.
    const made = await answered(
      await create(
        staff,
        rules("JUGUETES5", {
          kind: "fixed",
          value: 500,
          minSubtotalCents: 2000,
          perUserLimit: 1,
          categories: ["Juguete"],
          listed: true,
        }),
      ),
      201,
    );
    const { shopper, addressId } = await shopperWithCart(api, "compra.promo@example.com", { 47: 1, 9: 1 });
    const plain = await quote(shopper, addressId);
    const priced = await quote(shopper, addressId, "juguetes5");
    expect(priced.coupon).toEqual({ code: "JUGUETES5" });
    expect(priced.totals.discountCents).toBe(500);
    expect(priced.totals.totalCents).toBe(plain.totals.totalCents - 500);

    const paused = await answered(
      await staff.post(`${PROMOTIONS_API}/JUGUETES5/pause`, { version: made.version }),
      200,
    );
    expect(paused).toMatchObject({ state: "paused", paused: true });
    expect((await quote(shopper, addressId, "JUGUETES5")).coupon).toEqual({
      code: "JUGUETES5",
      refusal: "coupon-paused",
    });
    const refusedOrder = await shopper(
      "POST",
      "/api/orders",
      orderRequest(addressId, priced.totals.totalCents, { couponCode: "JUGUETES5" }),
    );
    expect(refusedOrder.status).toBe(422);

    const resumed = await answered(
      await owner.post(`${PROMOTIONS_API}/JUGUETES5/resume`, { version: paused.version }),
      200,
    );
    expect(resumed.state).toBe("active");
    const placed = await body<OrderView>(
      await shopper(
        "POST",
        "/api/orders",
        orderRequest(addressId, priced.totals.totalCents, { couponCode: "JUGUETES5" }),
      ),
      201,
    );
    expect(placed.totals.discountCents).toBe(500);
    expect(await promotion("JUGUETES5")).toMatchObject({ uses: 1, used: true });
    expect((await listed(staff)).find((item) => item.code === "JUGUETES5")).toMatchObject({
      uses: 1,
      used: true,
    });

    // Used once: what it gives stays; who may use it and until when may change.
    const fixed = await refused(
      await owner.post(`${PROMOTIONS_API}/JUGUETES5`, editOf(resumed, { value: 900, categories: null })),
      409,
    );
    expect(fixed.error).toMatchObject({
      code: "fixed-after-use",
      fields: { value: "fixed-after-use", categories: "fixed-after-use" },
    });
    const longer = await answered(
      await owner.post(
        `${PROMOTIONS_API}/JUGUETES5`,
        editOf(resumed, { totalLimit: 100, minSubtotalCents: 1000 }),
      ),
      200,
    );
    expect(longer).toMatchObject({ totalLimit: 100, minSubtotalCents: 1000, value: 500 });

    const ended = await answered(
      await staff.post(`${PROMOTIONS_API}/JUGUETES5/end`, { version: longer.version }),
      200,
    );
    expect(ended.state).toBe("ended");
    const other = await shopperWithCart(api, "tarde.promo@example.com", { 47: 2 });
    expect((await quote(other.shopper, other.addressId, "JUGUETES5")).coupon?.refusal).toBe("coupon-expired");
    const afterEnd = await refused(
      await owner.post(`${PROMOTIONS_API}/JUGUETES5/resume`, { version: ended.version }),
      409,
    );
    expect(afterEnd.error.code).toBe("promotion-ended");
    const actions = (await auditOf(api.database.db, "promotion", "JUGUETES5")).map((entry) => entry.action);
    expect(actions).toEqual([
      "promotion.create",
      "promotion.pause",
      "promotion.resume",
      "promotion.edit",
      "promotion.end",
    ]);
  });

  it("shows a coupon whose start is to come as scheduled, refused at checkout until then", async () => {
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const made = await answered(await create(owner, rules("MANANA", { startsAt })), 201);
    expect(made.state).toBe("scheduled");
    const { shopper, addressId } = await shopperWithCart(api, "pronto.promo@example.com", { 3: 1 });
    expect((await quote(shopper, addressId, "MANANA")).coupon?.refusal).toBe("coupon-not-started");
  });
});

async function promotion(code: string): Promise<PromotionView> {
  return answered(await owner.get(`${PROMOTIONS_API}/${code}`), 200);
}

async function welcome(): Promise<PromotionView> {
  const found = (await listed(owner)).find((item) => item.code === "BIENVENIDA10");
  if (!found) throw new Error("the welcome coupon is not listed");
  return found;
}
