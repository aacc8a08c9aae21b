import { describe, expect, it } from "vitest";
import {
  emptyPromotionForm,
  formFromPromotion,
  madridDayStart,
  type PromotionView,
  promotionCreateSchema,
  promotionFormSchema,
  promotionState,
  rulesFromForm,
} from "./back-office-promotion-contract.ts";

describe("the promotion form", () => {
  it("turns euros and Madrid days into cents and instants, the last day included", () => {
    const form = promotionFormSchema.parse({
      ...emptyPromotionForm,
      code: " verano-24 ",
      kind: "fixed",
      amount: "4,5",
      minimum: "20",
      startsOn: "2026-07-01",
      endsOn: "2026-07-31",
      totalLimit: "100",
      perUserLimit: "",
      categories: ["Juguete"],
    });
    const rules = rulesFromForm(form);
    expect(form.code).toBe("VERANO-24");
    expect(rules).toMatchObject({
      value: 450,
      minSubtotalCents: 2000,
      // Summer time in Madrid: UTC+2.
      startsAt: "2026-06-30T22:00:00.000Z",
      endsAt: "2026-07-31T22:00:00.000Z",
      totalLimit: 100,
      perUserLimit: null,
      categories: ["Juguete"],
    });
    expect(promotionCreateSchema.safeParse({ code: form.code, ...rules }).success).toBe(true);
  });

  it("reads a coupon back into the same form", () => {
    const form = {
      ...emptyPromotionForm,
      code: "INVIERNO",
      amount: "15",
      endsOn: "2026-01-31",
      categories: [],
    };
    const rules = rulesFromForm(promotionFormSchema.parse(form));
    const view: PromotionView = {
      ...rules,
      code: "INVIERNO",
      paused: false,
      version: 1,
      personal: false,
      state: "active",
      uses: 0,
      used: false,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    expect(formFromPromotion(view)).toEqual({ ...form, perUserLimit: "1" });
  });

  it("names each wrong field", () => {
    const result = promotionFormSchema.safeParse({
      ...emptyPromotionForm,
      code: "ñu",
      amount: "101",
      minimum: "12,345",
      startsOn: "2026-03-10",
      endsOn: "2026-03-01",
      totalLimit: "0",
    });
    const fields = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
    );
    expect(fields).toEqual({
      code: "code-invalid",
      amount: "percent-invalid",
      minimum: "minimum-invalid",
      endsOn: "ends-before-start",
      totalLimit: "limit-invalid",
    });
  });

  it("tells the state from the dates and the pause", () => {
    const now = new Date("2026-05-01T10:00:00Z");
    const day = (text: string) => madridDayStart(text);
    expect(promotionState({ startsAt: null, endsAt: null, paused: false }, now)).toBe("active");
    expect(promotionState({ startsAt: day("2026-05-02"), endsAt: null, paused: false }, now)).toBe(
      "scheduled",
    );
    expect(promotionState({ startsAt: null, endsAt: null, paused: true }, now)).toBe("paused");
    expect(promotionState({ startsAt: null, endsAt: day("2026-05-01"), paused: true }, now)).toBe("ended");
  });
});
