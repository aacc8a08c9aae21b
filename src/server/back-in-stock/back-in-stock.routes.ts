import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { type BackInStockResponse, backInStockRequestSchema } from "#shared/api/back-in-stock-contract.ts";
import { defaultLang, LANG_COOKIE, type Lang, parseLang } from "#shared/lang.ts";
import { paths } from "#shared/paths.ts";
import type { Database } from "../db/client.ts";
import { readFormFields } from "../forms/page-forms.ts";
import { clientAddress } from "../http/client-address.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import { type LimitRule, type RequestLimits, rateLimit } from "../http/rate-limit.ts";
import { writeJudge } from "../http/same-origin-writes.ts";
import { apiError, validate } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import { type BackInStockPage, renderBackInStockPage } from "./back-in-stock-page.ts";
import { cancelByToken, findByToken, productExists, requestBackInStock } from "./back-in-stock-repository.ts";

/** Like the newsletter's form: a handful of tries a minute per client is plenty for people. */
export const BACK_IN_STOCK_LIMIT: LimitRule = { limit: 10, windowMs: 60_000 };
const LIMIT_NAME = "back-in-stock";

export type BackInStockDeps = {
  db: Database;
  origins: OriginPolicy;
  logger: Logger;
  limits: RequestLimits;
  rule?: LimitRule;
};

/** `/api/back-in-stock`: «Avísame cuando vuelva» from the product page's script (issue 33). */
export function backInStockRoutes({ db, limits, rule = BACK_IN_STOCK_LIMIT }: BackInStockDeps) {
  return new Hono().post(
    "/",
    rateLimit(limits, LIMIT_NAME, rule),
    validate("json", backInStockRequestSchema),
    async (c) => {
      const { email, productId, locale } = c.req.valid("json");
      if (!(await productExists(db, productId)))
        return c.json(apiError("product-not-found", "No such product"), 404);
      const body: BackInStockResponse = {
        status: await requestBackInStock(db, { email, productId, locale }),
      };
      return c.json(body, 200);
    },
  );
}

const tokenSchema = z.uuid();

/**
 * The pages without the script: `/avisame` answers the product page's form posted without it,
 * `/avisame/baja` is the mail's unsubscribe link (a button to press; the POST cancels, so a
 * mail scanner that opens every link cancels nothing).
 */
export function backInStockPages(deps: BackInStockDeps) {
  const { db, limits, rule = BACK_IN_STOCK_LIMIT } = deps;
  const judge = writeJudge(deps.origins, deps.logger);
  const answer = (
    c: Context,
    lang: Lang,
    page: BackInStockPage,
    status: 200 | 400 | 403 | 404 | 429 = 200,
  ) => {
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    return c.html(renderBackInStockPage(lang, page), status);
  };
  const cookieLang = (c: Context) => parseLang(getCookie(c, LANG_COOKIE)) ?? defaultLang;
  const unknown = (c: Context) =>
    answer(c, cookieLang(c), { title: "unknownTitle", text: "unknownText" }, 404);
  const tokenOf = async (c: Context) => {
    const fields = c.req.method === "POST" ? await readFormFields(c.req) : null;
    const parsed = tokenSchema.safeParse(fields?.token ?? c.req.query("token"));
    return parsed.success ? parsed.data : undefined;
  };
  return new Hono()
    .post("/", async (c) => {
      const fields = (await readFormFields(c.req)) ?? {};
      const lang = parseLang(fields.locale) ?? cookieLang(c);
      const productId = Number(fields.productId);
      const back = Number.isSafeInteger(productId) && productId > 0 ? paths.product(productId) : undefined;
      const page = (title: BackInStockPage["title"], text: BackInStockPage["text"]) =>
        back ? { title, text, back } : { title, text };
      if ((await judge(c)) !== "allowed") return answer(c, lang, page("failedTitle", "failedText"), 403);
      const verdict = await limits.take(LIMIT_NAME, clientAddress(c), rule);
      if (!verdict.allowed) return answer(c, lang, page("tooManyTitle", "tooManyText"), 429);
      const parsed = backInStockRequestSchema.safeParse({
        email: fields.email ?? "",
        productId,
        consent: fields.consent === "on",
        locale: lang,
      });
      if (!parsed.success) return answer(c, lang, page("invalidTitle", "invalidText"), 400);
      if (!(await productExists(db, parsed.data.productId))) return unknown(c);
      const status = await requestBackInStock(db, parsed.data);
      return answer(
        c,
        lang,
        page("subscribedTitle", status === "already" ? "alreadyText" : "subscribedText"),
      );
    })
    .get("/baja", async (c) => {
      const token = await tokenOf(c);
      const waiter = token ? await findByToken(db, token) : undefined;
      if (!token || !waiter) return unknown(c);
      return answer(c, waiter.locale, {
        title: "unsubscribeTitle",
        text: "unsubscribeText",
        action: { button: "unsubscribeButton", token },
        back: paths.product(waiter.productId),
      });
    })
    .post("/baja", async (c) => {
      const token = await tokenOf(c);
      const waiter = token ? await cancelByToken(db, token) : undefined;
      if (!waiter) return unknown(c);
      return answer(c, waiter.locale, {
        title: "unsubscribedTitle",
        text: "unsubscribedText",
        back: paths.product(waiter.productId),
      });
    });
}
