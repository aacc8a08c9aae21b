/**
 * The operator's order commands, sent to the running shop:
 *
 *   npm run orders -- list                 (every order, newest first; or: list pagado)
 *   npm run orders -- ship 2026-000001     (also: prepare, deliver, receive-return, cancel)
 *   npm run orders -- show 2026-000001     (its lines, numbered, with what went back)
 *   npm run orders -- refund 2026-000001 1:2 [2:1 …] [--shipping] [--no-restock] [--note "…"]
 *                                          (gives back 2 units of line 1 …, through the method that paid)
 *   npm run orders -- multibanco-paid 123456789   (test mode: a test Multibanco reference paid)
 *
 * The shop's address comes from SHOP_URL (default http://localhost:$PORT, port 3000), the token
 * from OPERATOR_TOKEN or the data directory's operator-token file (DATA_DIR, default ./data).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import {
  type OperatorOrderRow,
  type OperatorRefundRequest,
  type OrderStatus,
  operatorSteps,
  orderDocumentKinds,
  orderStatuses,
} from "../src/shared/api/order-contract.ts";
import { formatPrice } from "../src/shared/money.ts";
import { withoutControlCharacters } from "../src/shared/text.ts";

const usage = [
  `usage: npm run orders -- list [${orderStatuses.join("|")}]`,
  `       npm run orders -- <${operatorSteps.join("|")}> ORDER-NUMBER`,
  "       npm run orders -- show ORDER-NUMBER",
  '       npm run orders -- refund ORDER-NUMBER LINE:UNITS [LINE:UNITS …] [--shipping] [--no-restock] [--note "…"]',
  "       npm run orders -- multibanco-paid REFERENCE   (test mode only)",
].join("\n");

type Step = (typeof operatorSteps)[number];
type ApiAnswer = { ok: boolean; status: number; body: Record<string, unknown> };

function isStep(value: string | undefined): value is Step {
  return operatorSteps.some((step) => step === value);
}

function isStatus(value: string | undefined): value is OrderStatus {
  return orderStatuses.some((status) => status === value);
}

function operatorToken(): string {
  if (process.env.OPERATOR_TOKEN) return process.env.OPERATOR_TOKEN;
  const file = join(process.env.DATA_DIR ?? "./data", "operator-token");
  if (!existsSync(file)) throw new Error(`No OPERATOR_TOKEN and no ${file}: has the shop been started here?`);
  return readFileSync(file, "utf8").trim();
}

function shopUrl(): string {
  return (process.env.SHOP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

/** Calls the operator API; undefined (after saying why) when the shop cannot be reached. */
async function callShop(
  method: "GET" | "POST",
  path: string,
  json?: unknown,
): Promise<ApiAnswer | undefined> {
  let response: Response;
  try {
    response = await fetch(`${shopUrl()}/api/operator${path}`, {
      method,
      headers: {
        authorization: `Bearer ${operatorToken()}`,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  } catch (error) {
    console.error(
      `Could not reach the shop at ${shopUrl()}: ${error instanceof Error ? error.message : error}`,
    );
    return undefined;
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, body };
}

function refusal({ status, body }: ApiAnswer): string {
  const error = body.error as { message?: string } | undefined;
  return `Refused (${status}): ${error?.message ?? "no reason given"}`;
}

const madridTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Madrid",
  dateStyle: "short",
  timeStyle: "short",
});

/** Units and totals line up on the right, like figures in a ledger. */
const RIGHT_ALIGNED = new Set([3, 4]);

/**
 * One aligned line per order, for a terminal. What shoppers typed (names, cities) is printed
 * without control characters: no escape sequence reaches the operator's terminal (issue 11).
 */
function formatOrderTable(rows: readonly OperatorOrderRow[]): string {
  if (rows.length === 0) return "No orders.";
  const cells = rows.map((row) =>
    [
      row.number,
      row.status,
      madridTime.format(new Date(row.placedAt)),
      `${row.units} u.`,
      formatPrice(row.totalCents, "es").replace(/\s/g, " "),
      `${row.buyer} <${row.email}>`,
      row.destination,
    ].map(withoutControlCharacters),
  );
  const widths =
    cells[0]?.map((_, column) => Math.max(...cells.map((line) => line[column]?.length ?? 0))) ?? [];
  return cells
    .map((line) =>
      line
        .map((cell, column) => {
          if (column === line.length - 1) return cell;
          const width = widths[column] ?? 0;
          return RIGHT_ALIGNED.has(column) ? cell.padStart(width) : cell.padEnd(width);
        })
        .join("  "),
    )
    .join("\n");
}

async function list(status: string | undefined): Promise<number> {
  if (status !== undefined && !isStatus(status)) {
    console.error(usage);
    return 2;
  }
  const answer = await callShop("GET", `/orders${status ? `?status=${status}` : ""}`);
  if (!answer) return 1;
  if (!answer.ok) {
    console.error(refusal(answer));
    return 1;
  }
  console.log(formatOrderTable(answer.body.items as OperatorOrderRow[]));
  return 0;
}

async function move(step: Step, number: string): Promise<number> {
  const answer = await callShop("POST", `/orders/${encodeURIComponent(number)}/${step}`);
  if (!answer) return 1;
  if (!answer.ok) {
    console.error(refusal(answer));
    return 1;
  }
  const status = withoutControlCharacters(String(answer.body.status));
  console.log(`Order ${number}: ${status}${answer.body.changed ? "" : " (already)"}`);
  return 0;
}

/** In test mode, a test Multibanco reference paid at the ATM (decision 034). */
async function payMultibanco(reference: string): Promise<number> {
  const answer = await callShop("POST", `/test-payments/multibanco/${encodeURIComponent(reference)}/paid`);
  if (!answer) return 1;
  if (!answer.ok) {
    console.error(refusal(answer));
    return 1;
  }
  console.log(`Multibanco ${reference}: paid`);
  return 0;
}

const euros = (cents: number) => formatPrice(cents, "es").replace(/\s/g, " ");

/** What `show` prints of the shop's answer (an OrderView), checked as it arrives. */
const shownOrderSchema = z.object({
  status: z.enum(orderStatuses),
  totals: z.object({ totalCents: z.number(), shippingCents: z.number() }),
  lines: z.array(
    z.object({
      quantity: z.number(),
      code: z.string(),
      name: z.string(),
      totalCents: z.number(),
      refundedQuantity: z.number(),
    }),
  ),
  invoices: z.array(
    z.object({ kind: z.enum(orderDocumentKinds), number: z.string(), totalCents: z.number() }),
  ),
});

/** An order's lines, numbered from 1 as `refund` takes them, with the units already given back. */
async function show(number: string): Promise<number> {
  const answer = await callShop("GET", `/orders/${encodeURIComponent(number)}`);
  if (!answer) return 1;
  if (!answer.ok) {
    console.error(refusal(answer));
    return 1;
  }
  const order = shownOrderSchema.parse(answer.body);
  console.log(withoutControlCharacters(`${number}  ${order.status}  ${euros(order.totals.totalCents)}`));
  order.lines.forEach((line, index) => {
    const back = line.refundedQuantity > 0 ? `  (${line.refundedQuantity} refunded)` : "";
    const text = `${index + 1}. ${line.quantity} × ${line.code} ${line.name}  ${euros(line.totalCents)}${back}`;
    console.log(withoutControlCharacters(text));
  });
  console.log(`   shipping ${euros(order.totals.shippingCents)}`);
  for (const document of order.invoices)
    console.log(`   ${document.kind} ${document.number} ${euros(document.totalCents)}`);
  return 0;
}

/** `1:2 3:1 --shipping --no-restock --note "…"` as the refund's request; undefined when malformed. */
function refundRequest(args: string[]): OperatorRefundRequest | undefined {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: false,
    options: { shipping: { type: "boolean" }, "no-restock": { type: "boolean" }, note: { type: "string" } },
  });
  const lines = positionals.map((text) => /^(\d{1,3}):(\d{1,4})$/.exec(text));
  if (lines.some((match) => !match)) return undefined;
  return {
    lines: lines.flatMap((match) =>
      match ? [{ position: Number(match[1]) - 1, quantity: Number(match[2]) }] : [],
    ),
    shipping: values.shipping === true,
    restock: values["no-restock"] !== true,
    note: typeof values.note === "string" ? values.note : "",
  };
}

async function refundLines(number: string, args: string[]): Promise<number> {
  const request = refundRequest(args);
  if (!request || request.lines.some((line) => line.position < 0)) {
    console.error(usage);
    return 2;
  }
  const answer = await callShop("POST", `/orders/${encodeURIComponent(number)}/refunds`, request);
  if (!answer) return 1;
  if (!answer.ok) {
    console.error(refusal(answer));
    return 1;
  }
  const { creditNote, amountCents } = answer.body;
  console.log(`Order ${number}: ${euros(Number(amountCents))} refunded, credit note ${String(creditNote)}`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const [command, argument] = args;
  if (command === "show" && argument && args.length === 2) return show(argument);
  if (command === "refund" && argument && args.length >= 3) return refundLines(argument, args.slice(2));
  if (command === "multibanco-paid" && argument && args.length === 2) return payMultibanco(argument);
  if (command === "list" && args.length <= 2) return list(argument);
  if (isStep(command) && argument && args.length === 2) return move(command, argument);
  console.error(usage);
  return 2;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
