import type { Database } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import { type Payments, type PaymentsChoice, paymentsFromEnv } from "../payments/payments-from-env.ts";
import { createTestProvider, type TestProvider } from "../payments/test-provider.ts";

/** How the shop takes money, decided before anything starts: a refusal ends the process here. */
export function choosePayments(env: Env, logger: Logger): PaymentsChoice {
  try {
    return paymentsFromEnv(env);
  } catch (error) {
    logger.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/** The choice on the open database: Stripe as chosen, or the built-in test provider with its own steps. */
export function paymentsOn(
  choice: PaymentsChoice,
  db: Database,
): { payments: Payments; testPayments?: TestProvider } {
  if (choice.kind === "stripe") return { payments: choice };
  const testPayments = createTestProvider(db);
  return { payments: { provider: testPayments }, testPayments };
}
