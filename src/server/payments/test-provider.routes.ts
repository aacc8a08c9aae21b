import { Hono } from "hono";
import { z } from "zod";
import { type TestConfirmAnswer, testConfirmSchema } from "#shared/api/payment-contract.ts";
import { paths } from "#shared/paths.ts";
import { apiError, validate } from "../http/validate.ts";
import type { IntentListener } from "./payment-provider.ts";
import { TestPaymentRefused, type TestProvider } from "./test-provider.ts";
import { renderTestStepPage } from "./test-provider-page.ts";

const idParamSchema = z.object({ id: z.string().regex(/^tpi_[0-9a-f]{24}$/) });
const secretQuerySchema = z.object({ secret: z.string().min(10).max(200) });
const decisionFormSchema = secretQuerySchema.extend({ decision: z.enum(["approve", "refuse", "time-out"]) });

const refusals = {
  "intent-not-found": [404, "No such payment"],
  "intent-unexpected-state": [409, "The payment cannot take this step now"],
  "method-not-offered": [422, "This payment method is not offered for this order"],
} as const;

type Deps = { provider: TestProvider; onIntent: IntentListener };

/** Where the built-in provider asks the shopper (3-D Secure, the bank's app): a page, not the API. */
export const TEST_PROVIDER_PAGES = "/pago-de-prueba";

/**
 * The built-in provider's API (decision 034), in the shop's place of api.stripe.com: the browser's
 * confirmation, with a token (never a card number) and the intent's client secret. Each change is
 * passed to the shop as Stripe's webhook would pass it.
 */
export function testProviderRoutes({ provider, onIntent }: Deps) {
  return new Hono()
    .onError((error, c) => {
      if (!(error instanceof TestPaymentRefused)) throw error;
      const [status, message] = refusals[error.code];
      return c.json(apiError(error.code, message), status);
    })
    .post(
      "/intents/:id/confirm",
      validate("param", idParamSchema),
      validate("json", testConfirmSchema),
      async (c) => {
        const request = c.req.valid("json");
        const back = new URL(request.returnUrl);
        // Back to the shop's own page only: the provider's page never sends a shopper elsewhere.
        if (back.pathname !== paths.checkoutEnd()) {
          return c.json(apiError("return-url-invalid", "The return address must be the checkout's end"), 422);
        }
        const { id } = c.req.valid("param");
        const outcome = await provider.confirm(id, request, `${back.pathname}${back.search}`);
        await onIntent(outcome);
        const answer: TestConfirmAnswer = {
          status: outcome.status,
          lastFailure: outcome.lastFailure,
          redirectUrl: outcome.redirect
            ? `${TEST_PROVIDER_PAGES}/${id}?secret=${encodeURIComponent(request.clientSecret)}`
            : null,
          multibanco: outcome.multibanco,
        };
        return c.json(answer);
      },
    );
}

/**
 * The built-in provider's page, in the place of a bank's 3-D Secure page or the wait for Bizum or
 * MB WAY in the bank's app: it shows what is asked, and its buttons post the shopper's answer,
 * which sends them back to the shop. The intent's secret, in its address, is the key to it.
 */
export function testProviderPages({ provider, onIntent }: Deps) {
  return new Hono()
    .get("/:id", validate("param", idParamSchema), validate("query", secretQuerySchema), async (c) => {
      const { id } = c.req.valid("param");
      const { secret } = c.req.valid("query");
      const step = await provider.pendingStep(id, secret);
      c.header("cache-control", "no-store");
      return c.html(renderTestStepPage(langOf(c.req.raw), step && { ...step, secret }), step ? 200 : 404);
    })
    .post("/:id", validate("param", idParamSchema), validate("form", decisionFormSchema), async (c) => {
      const { id } = c.req.valid("param");
      const { secret, decision } = c.req.valid("form");
      const decided = await provider.decide(id, secret, decision).catch((error: unknown) => {
        if (error instanceof TestPaymentRefused) return null;
        throw error;
      });
      if (!decided) return c.html(renderTestStepPage(langOf(c.req.raw), null), 409);
      await onIntent(decided.state);
      const back = new URL(decided.returnPath, "http://shop");
      back.searchParams.set("payment_intent", id);
      back.searchParams.set("redirect_status", decided.state.status === "succeeded" ? "succeeded" : "failed");
      return c.redirect(`${back.pathname}${back.search}`, 303);
    });
}

/** The page speaks the shopper's language, as the shop's pages do (the `lang` cookie). */
function langOf(request: Request): "es" | "pt" {
  return /(?:^|;\s*)lang=pt(?:;|$)/.test(request.headers.get("cookie") ?? "") ? "pt" : "es";
}
