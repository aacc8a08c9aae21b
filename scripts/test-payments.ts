/**
 * Test mode's stand-in for the customer at the ATM (decision 034), sent to the running shop:
 *
 *   npm run test-payments -- multibanco-paid 123456789   (a test Multibanco reference paid)
 *   npm run test-payments -- --help
 *
 * A thin client of `POST /api/operator/test-payments/multibanco/:reference/paid`, one of the few
 * things the operator token still does (decision 047): machine work no person does for a buyer.
 * The shop answers 404 unless it takes payments with its built-in test provider.
 *
 * The shop's address comes from SHOP_URL (default http://localhost:$PORT, port 3000), the token
 * from OPERATOR_TOKEN or the data directory's operator-token file (DATA_DIR, default ./data).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { errorPartsOf } from "../src/shared/api/error-contract.ts";
import { withoutControlCharacters } from "../src/shared/text.ts";

const usage = [
  "uso: npm run test-payments -- multibanco-paid REFERENCIA   (9 cifras; solo en modo de prueba)",
  "     npm run test-payments -- --help",
].join("\n");

/** What the shop answers once the reference is paid. */
const paidSchema = z.object({ reference: z.string(), status: z.string() });

function operatorToken(): string {
  if (process.env.OPERATOR_TOKEN) return process.env.OPERATOR_TOKEN;
  const file = join(process.env.DATA_DIR ?? "./data", "operator-token");
  if (!existsSync(file)) throw new Error(`No OPERATOR_TOKEN and no ${file}: has the shop been started here?`);
  return readFileSync(file, "utf8").trim();
}

function shopUrl(): string {
  return (process.env.SHOP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

/** Pays a test Multibanco reference: 0 when paid, 1 when the shop refused or could not be reached. */
async function payMultibanco(reference: string): Promise<number> {
  const path = `/api/operator/test-payments/multibanco/${encodeURIComponent(reference)}/paid`;
  let response: Response;
  try {
    response = await fetch(`${shopUrl()}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${operatorToken()}` },
    });
  } catch (error) {
    console.error(
      `Could not reach the shop at ${shopUrl()}: ${error instanceof Error ? error.message : error}`,
    );
    return 1;
  }
  const answer: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const { message } = errorPartsOf(answer);
    console.error(withoutControlCharacters(`Refused (${response.status}): ${message ?? "no reason given"}`));
    return 1;
  }
  const paid = paidSchema.parse(answer);
  console.log(`Multibanco ${paid.reference}: paid`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const [command, reference] = args;
  if (command === "--help" || command === "-h" || command === "help") {
    console.log(usage);
    return 0;
  }
  if (command === "multibanco-paid" && reference && args.length === 2) return payMultibanco(reference);
  console.error(usage);
  return 2;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
