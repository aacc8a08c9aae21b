import { z } from "zod";
import { topCategories } from "#catalog/categories.ts";
import { couponKinds } from "../checkout/coupon.ts";
import { SHOP_TIME_ZONE } from "../dates.ts";
import { centsFromTypedEuros, typedEurosFromCents } from "../money.ts";

/**
 * The back office's promotions (issue 32, decision 052): the shop's coupons, created, edited,
 * paused, resumed and ended under `/api/gestion/promotions`, with every rule of the coupon engine
 * (`shared/checkout/coupon.ts`). Field errors are codes; the back office words them in Spanish.
 */
export const PROMOTIONS_API = "/api/gestion/promotions";

/** Checkout upper-cases what the shopper types, so a code is kept upper-case: one per spelling. */
export const promotionCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,40}$/, "code-invalid");

export const promotionCodeParamSchema = z.object({ code: promotionCodeSchema });

const limit = z.number().int().min(1, "limit-invalid").max(1_000_000, "limit-invalid").nullable();

const rulesObject = z.strictObject({
  kind: z.enum(couponKinds),
  /** Percent (1–100) for "percent", cents for "fixed", 0 for "free-shipping". */
  value: z.number().int().min(0, "value-invalid").max(10_000_000, "value-invalid"),
  minSubtotalCents: z.number().int().min(0, "minimum-invalid").max(10_000_000, "minimum-invalid"),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  totalLimit: limit,
  perUserLimit: limit,
  firstOrderOnly: z.boolean(),
  /** Only lines of these categories count; null for the whole order. */
  categories: z.array(z.enum(topCategories)).min(1, "categories-empty").nullable(),
  /** Shown on the shoppers' /cupones page; otherwise a code given out by hand. */
  listed: z.boolean(),
});
export type PromotionRules = z.infer<typeof rulesObject>;

/** The rules' checks across fields: a value that fits the kind, an end after the start. */
function checkRules(rules: PromotionRules, context: z.RefinementCtx) {
  const { kind, value, startsAt, endsAt } = rules;
  if (kind === "percent" && (value < 1 || value > 100))
    context.addIssue({ code: "custom", path: ["value"], message: "percent-invalid" });
  if (kind === "fixed" && value < 1)
    context.addIssue({ code: "custom", path: ["value"], message: "amount-invalid" });
  if (kind === "free-shipping" && value !== 0)
    context.addIssue({ code: "custom", path: ["value"], message: "value-unused" });
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt))
    context.addIssue({ code: "custom", path: ["endsAt"], message: "ends-before-start" });
}

/** `POST /api/gestion/promotions`: a new coupon, running as soon as its start date comes. */
export const promotionCreateSchema = rulesObject
  .extend({ code: promotionCodeSchema })
  .superRefine(checkRules);
export type PromotionCreateRequest = z.input<typeof promotionCreateSchema>;

/** The version the staff member saw: a change made on an older one is refused (409). */
const version = z.number().int().min(1);

/** `POST /api/gestion/promotions/:code`: the rules again, whole, on the version they were read at. */
export const promotionEditSchema = rulesObject.extend({ version }).superRefine(checkRules);
export type PromotionEditRequest = z.input<typeof promotionEditSchema>;

/** `POST …/:code/pause`, `…/resume`, `…/end`. */
export const promotionStepSchema = z.strictObject({ version });
export const promotionSteps = ["pause", "resume", "end"] as const;
export type PromotionStep = (typeof promotionSteps)[number];

/** Scheduled: its start is to come; ended: its end has passed; paused: stopped by hand. */
export const promotionStates = ["active", "paused", "ended", "scheduled"] as const;
export type PromotionState = (typeof promotionStates)[number];

/**
 * What stays as it is once an order used the coupon: what it gives and on what. Changing them
 * would make the coupon describe discounts its past orders never had (decision 052).
 */
export const rulesFixedAfterUse = ["kind", "value", "categories"] as const;

export const promotionViewSchema = z.object({
  code: z.string(),
  kind: z.enum(couponKinds),
  value: z.number().int(),
  minSubtotalCents: z.number().int(),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  totalLimit: z.number().int().nullable(),
  perUserLimit: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  categories: z.array(z.enum(topCategories)).nullable(),
  listed: z.boolean(),
  paused: z.boolean(),
  version: z.number().int(),
  /** One shopper's own coupon (not made here; kept to them). */
  personal: z.boolean(),
  state: z.enum(promotionStates),
  /** Orders that used it and still count against its limits (not cancelled nor expired). */
  uses: z.number().int().min(0),
  /** Any order ever placed with it: then `rulesFixedAfterUse` may no longer change. */
  used: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PromotionView = z.infer<typeof promotionViewSchema>;

export const promotionListSchema = z.object({ items: z.array(promotionViewSchema) });
export type PromotionList = z.infer<typeof promotionListSchema>;

export const promotionAnswerSchema = z.object({ promotion: promotionViewSchema });

/** A coupon's state at a moment, from its dates and its pause. */
export function promotionState(
  rules: { startsAt: Date | null; endsAt: Date | null; paused: boolean },
  now: Date,
): PromotionState {
  if (rules.endsAt && now >= rules.endsAt) return "ended";
  if (rules.paused) return "paused";
  if (rules.startsAt && now < rules.startsAt) return "scheduled";
  return "active";
}

// ---------------------------------------------------------------------------------------------
// The back office's form: euros, Madrid days and check boxes, turned into the request above.

const blank = (text: string) => text.trim() === "";
const WHOLE = /^\d{1,7}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the promotion form holds: text as typed (euros with a comma, days as YYYY-MM-DD). */
export const promotionFormSchema = z
  .object({
    code: promotionCodeSchema,
    kind: z.enum(couponKinds),
    /** A percent for "percent", euros for "fixed"; unused for free shipping. */
    amount: z.string().trim(),
    minimum: z
      .string()
      .trim()
      .refine((text) => blank(text) || centsFromTypedEuros(text) !== undefined, "minimum-invalid"),
    startsOn: z.string().refine((text) => blank(text) || DAY.test(text), "date-invalid"),
    endsOn: z.string().refine((text) => blank(text) || DAY.test(text), "date-invalid"),
    totalLimit: z
      .string()
      .trim()
      .refine((text) => blank(text) || (WHOLE.test(text) && Number(text) >= 1), "limit-invalid"),
    perUserLimit: z
      .string()
      .trim()
      .refine((text) => blank(text) || (WHOLE.test(text) && Number(text) >= 1), "limit-invalid"),
    firstOrderOnly: z.boolean(),
    categories: z.array(z.enum(topCategories)),
    listed: z.boolean(),
  })
  .superRefine((form, context) => {
    if (
      form.kind === "percent" &&
      !(WHOLE.test(form.amount) && Number(form.amount) >= 1 && Number(form.amount) <= 100)
    )
      context.addIssue({ code: "custom", path: ["amount"], message: "percent-invalid" });
    if (form.kind === "fixed" && (centsFromTypedEuros(form.amount) ?? 0) < 1)
      context.addIssue({ code: "custom", path: ["amount"], message: "amount-invalid" });
    if (DAY.test(form.startsOn) && DAY.test(form.endsOn) && form.endsOn < form.startsOn)
      context.addIssue({ code: "custom", path: ["endsOn"], message: "ends-before-start" });
  });
export type PromotionForm = z.infer<typeof promotionFormSchema>;

/** Which form field shows an error the API gave for a request field. */
export const formFieldOf: Readonly<Record<string, keyof PromotionForm>> = {
  code: "code",
  kind: "kind",
  value: "amount",
  minSubtotalCents: "minimum",
  startsAt: "startsOn",
  endsAt: "endsOn",
  totalLimit: "totalLimit",
  perUserLimit: "perUserLimit",
  categories: "categories",
  firstOrderOnly: "firstOrderOnly",
  listed: "listed",
};

/** Madrid's clock at an instant, as if it were UTC: the difference is Madrid's offset then. */
function madridOffsetMs(at: Date): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** Midnight of a day on the shop's calendar (Madrid), as an instant: the same in any browser. */
export function madridDayStart(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const guess = new Date(Date.UTC(year, month - 1, date));
  return new Date(guess.getTime() - madridOffsetMs(guess));
}

/** The Madrid day an instant falls on, as YYYY-MM-DD. */
export function madridDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE }).format(at);
}

/** The day after (a coupon "until the 31st" ends at the 1st's midnight). */
const nextDay = (day: string) => madridDay(new Date(madridDayStart(day).getTime() + 36 * 3600_000));
/** The last day a coupon runs: the day of the instant just before its end. */
const lastDay = (end: Date) => madridDay(new Date(end.getTime() - 1));

/** The form's values as the API's rules: cents, instants, null for "no limit" and "every category". */
export function rulesFromForm(form: PromotionForm): PromotionRules {
  const whole = (text: string) => (blank(text) ? null : Number(text));
  return {
    kind: form.kind,
    value:
      form.kind === "percent"
        ? Number(form.amount)
        : form.kind === "fixed"
          ? (centsFromTypedEuros(form.amount) ?? 0)
          : 0,
    minSubtotalCents: blank(form.minimum) ? 0 : (centsFromTypedEuros(form.minimum) ?? 0),
    startsAt: blank(form.startsOn) ? null : madridDayStart(form.startsOn).toISOString(),
    // The last day is included: the coupon ends at the next day's midnight.
    endsAt: blank(form.endsOn) ? null : madridDayStart(nextDay(form.endsOn)).toISOString(),
    totalLimit: whole(form.totalLimit),
    perUserLimit: whole(form.perUserLimit),
    firstOrderOnly: form.firstOrderOnly,
    categories: form.categories.length === 0 ? null : [...form.categories],
    listed: form.listed,
  };
}

/** A coupon's rules as the form shows them. */
export function formFromPromotion(view: PromotionView): PromotionForm {
  return {
    code: view.code,
    kind: view.kind,
    amount:
      view.kind === "percent"
        ? String(view.value)
        : view.kind === "fixed"
          ? typedEurosFromCents(view.value)
          : "",
    minimum: view.minSubtotalCents === 0 ? "" : typedEurosFromCents(view.minSubtotalCents),
    startsOn: view.startsAt ? madridDay(new Date(view.startsAt)) : "",
    endsOn: view.endsAt ? lastDay(new Date(view.endsAt)) : "",
    totalLimit: view.totalLimit === null ? "" : String(view.totalLimit),
    perUserLimit: view.perUserLimit === null ? "" : String(view.perUserLimit),
    firstOrderOnly: view.firstOrderOnly,
    categories: view.categories ?? [],
    listed: view.listed,
  };
}

export const emptyPromotionForm: PromotionForm = {
  code: "",
  kind: "percent",
  amount: "",
  minimum: "",
  startsOn: "",
  endsOn: "",
  totalLimit: "",
  perUserLimit: "1",
  firstOrderOnly: false,
  categories: [],
  listed: false,
};
