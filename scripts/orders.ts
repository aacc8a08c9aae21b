/**
 * The operator's order commands, sent to the running shop:
 *
 *   npm run orders -- ship 2026-000001     (also: prepare, deliver, receive-return, cancel)
 *
 * The shop's address comes from SHOP_URL (default http://localhost:$PORT, port 3000), the token
 * from OPERATOR_TOKEN or the data directory's operator-token file (DATA_DIR, default ./data).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { operatorSteps } from "../src/shared/api/order-contract.ts";

const usage = `usage: npm run orders -- <${operatorSteps.join("|")}> ORDER-NUMBER`;

type Step = (typeof operatorSteps)[number];

function isStep(value: string | undefined): value is Step {
  return operatorSteps.some((step) => step === value);
}

function operatorToken(): string {
  if (process.env.OPERATOR_TOKEN) return process.env.OPERATOR_TOKEN;
  const file = join(process.env.DATA_DIR ?? "./data", "operator-token");
  if (!existsSync(file)) throw new Error(`No OPERATOR_TOKEN and no ${file}: has the shop been started here?`);
  return readFileSync(file, "utf8").trim();
}

async function main(args: string[]): Promise<number> {
  const [step, number] = args;
  if (!isStep(step) || !number) {
    console.error(usage);
    return 2;
  }
  const shop = (process.env.SHOP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
  const url = `${shop}/api/operator/orders/${encodeURIComponent(number)}/${step}`;
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${operatorToken()}` } });
  } catch (error) {
    console.error(`Could not reach the shop at ${shop}: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as {
    status?: string;
    changed?: boolean;
    error?: { message?: string };
  };
  if (!response.ok) {
    console.error(`Refused (${response.status}): ${body.error?.message ?? response.statusText}`);
    return 1;
  }
  console.log(`Order ${number}: ${body.status}${body.changed ? "" : " (already)"}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
