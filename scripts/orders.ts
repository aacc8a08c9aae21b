/**
 * The operator's order commands, sent to the running shop:
 *
 *   npm run orders -- list                 (every order, newest first; or: list pagado)
 *   npm run orders -- ship 2026-000001 --carrier envios-veloz --tracking ABC123 [--note "…"]
 *   npm run orders -- prepare 2026-000001  (also: deliver, receive-return, cancel)
 *   npm run orders -- show 2026-000001     (what to pack and where, its lines numbered, and who did what)
 *   npm run orders -- refund 2026-000001 1:2 [2:1 …] [--shipping] [--no-restock] [--note "…"]
 *                                          (gives back 2 units of line 1 …, through the method that paid)
 *   npm run orders -- multibanco-paid 123456789   (test mode: a test Multibanco reference paid)
 *   npm run orders -- --help               (this, and the carriers to ship with)
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
  type OperatorShipRequest,
  type OrderStatus,
  operatorSteps,
  orderDocumentKinds,
  orderStatuses,
} from "../src/shared/api/order-contract.ts";
import { brand } from "../src/shared/brand.ts";
import { formatPrice } from "../src/shared/money.ts";
import { withoutControlCharacters } from "../src/shared/text.ts";
import { carrierIdSchema, trackingNumberSchema } from "../src/shared/tracking.ts";

const carrierList = brand.carriers.map((carrier) => `  ${carrier.id.padEnd(16)} ${carrier.name}`).join("\n");

const usage = [
  `uso: npm run orders -- list [${orderStatuses.join("|")}]`,
  '     npm run orders -- ship NÚMERO-DE-PEDIDO --carrier TRANSPORTISTA --tracking NÚMERO-DE-SEGUIMIENTO [--note "…"]',
  `     npm run orders -- <${operatorSteps.filter((step) => step !== "ship").join("|")}> NÚMERO-DE-PEDIDO`,
  "     npm run orders -- show NÚMERO-DE-PEDIDO",
  '     npm run orders -- refund NÚMERO-DE-PEDIDO LÍNEA:UNIDADES [LÍNEA:UNIDADES …] [--shipping] [--no-restock] [--note "…"]',
  "     npm run orders -- multibanco-paid REFERENCIA   (solo en modo de prueba)",
  "     npm run orders -- --help",
].join("\n");

const help = `${usage}\n\nTransportistas (--carrier):\n${carrierList}`;

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

/** What a step answers (an OperatorStepAnswer), checked as it arrives. */
const stepAnswerSchema = z.object({
  status: z.enum(orderStatuses),
  changed: z.boolean(),
  shipment: z.object({ carrier: z.string(), number: z.string(), url: z.string() }).nullable(),
});

async function move(step: Step, number: string, json?: OperatorShipRequest): Promise<number> {
  const answer = await callShop("POST", `/orders/${encodeURIComponent(number)}/${step}`, json);
  if (!answer) return 1;
  if (!answer.ok) {
    console.error(refusal(answer));
    return 1;
  }
  const { status, changed, shipment } = stepAnswerSchema.parse(answer.body);
  console.log(`Order ${number}: ${status}${changed ? "" : " (already)"}`);
  if (shipment) {
    console.log(withoutControlCharacters(`   ${shipment.carrier} ${shipment.number} ${shipment.url}`));
  }
  return 0;
}

/**
 * `ship NUMBER --carrier ID --tracking NUMBER [--note "…"]`: checked here first, so a typo is told
 * in plain Spanish before the shop is asked (which checks it again).
 */
function shipRequest(args: string[]): { request: OperatorShipRequest } | { problem: string } {
  let values: { carrier?: string | boolean; tracking?: string | boolean; note?: string | boolean };
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      options: { carrier: { type: "string" }, tracking: { type: "string" }, note: { type: "string" } },
    }));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { problem: `No entiendo las opciones de «ship»: ${detail}` };
  }
  const carriers = brand.carriers.map((carrier) => carrier.id).join(", ");
  if (typeof values.carrier !== "string" || values.carrier.trim() === "") {
    return { problem: `Falta el transportista: --carrier TRANSPORTISTA (uno de: ${carriers}).` };
  }
  const carrier = carrierIdSchema.safeParse(values.carrier.trim());
  if (!carrier.success) {
    const named = withoutControlCharacters(values.carrier);
    return { problem: `No conozco el transportista «${named}». Usa uno de: ${carriers}.` };
  }
  if (typeof values.tracking !== "string" || values.tracking.trim() === "") {
    return { problem: "Falta el número de seguimiento: --tracking NÚMERO-DE-SEGUIMIENTO." };
  }
  const tracking = trackingNumberSchema.safeParse(values.tracking);
  if (!tracking.success) {
    const named = withoutControlCharacters(values.tracking);
    return {
      problem: `El número de seguimiento «${named}» no es válido: de 4 a 40 letras sin tilde (A-Z), cifras o guiones.`,
    };
  }
  const note = typeof values.note === "string" ? values.note : "";
  return { request: { carrier: carrier.data, trackingNumber: tracking.data, note } };
}

async function ship(number: string, args: string[]): Promise<number> {
  const parsed = shipRequest(args);
  if ("problem" in parsed) {
    console.error(`${parsed.problem}\n\n${help}`);
    return 2;
  }
  return move("ship", number, parsed.request);
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

/** What `show` prints of the shop's answer (an OperatorOrderAnswer), checked as it arrives. */
const shownOrderSchema = z.object({
  order: z.object({
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
    address: z.object({
      name: z.string(),
      lastName: z.string(),
      street: z.string(),
      floorDoor: z.string(),
      postalCode: z.string(),
      city: z.string(),
      country: z.string(),
      phone: z.string(),
    }),
    buyer: z.object({ email: z.string() }),
    shipment: z.object({ carrier: z.string(), number: z.string(), url: z.string() }).nullable(),
    invoices: z.array(
      z.object({ kind: z.enum(orderDocumentKinds), number: z.string(), totalCents: z.number() }),
    ),
  }),
  history: z.array(
    z.object({
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
      note: z.string(),
    }),
  ),
});

/** `{status: "pagado"}` → `status=pagado`: a before or after of the audit, on one line. */
function describeState(state: Record<string, unknown> | null): string {
  if (!state) return "-";
  return Object.entries(state)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
}

/**
 * An order as the packer needs it: where it goes (street, postal code, city, country, phone),
 * its lines numbered from 1 as `refund` takes them, with the units already given back, and then
 * who did what to it, oldest first.
 */
async function show(number: string): Promise<number> {
  const answer = await callShop("GET", `/orders/${encodeURIComponent(number)}`);
  if (!answer) return 1;
  if (!answer.ok) {
    console.error(refusal(answer));
    return 1;
  }
  const { order, history } = shownOrderSchema.parse(answer.body);
  const { address } = order;
  const print = (text: string) => console.log(withoutControlCharacters(text));
  print(`${number}  ${order.status}  ${euros(order.totals.totalCents)}`);
  print(`   ${address.name} ${address.lastName} <${order.buyer.email}>`);
  print(`   ${[address.street, address.floorDoor].filter(Boolean).join(", ")}`);
  print(`   ${address.postalCode} ${address.city} (${address.country})`);
  print(`   tel. ${address.phone}`);
  order.lines.forEach((line, index) => {
    const back = line.refundedQuantity > 0 ? `  (${line.refundedQuantity} refunded)` : "";
    print(`${index + 1}. ${line.quantity} × ${line.code} ${line.name}  ${euros(line.totalCents)}${back}`);
  });
  print(`   shipping ${euros(order.totals.shippingCents)}`);
  for (const document of order.invoices)
    print(`   ${document.kind} ${document.number} ${euros(document.totalCents)}`);
  if (order.shipment) print(`   ${order.shipment.carrier} ${order.shipment.number} ${order.shipment.url}`);
  if (history.length > 0) print("history:");
  for (const entry of history) {
    const when = madridTime.format(new Date(entry.at));
    const change = `${describeState(entry.before)} → ${describeState(entry.after)}`;
    print(`   ${when}  ${entry.actor}  ${entry.action}  ${change}${entry.note ? `  «${entry.note}»` : ""}`);
  }
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
  if (command === "--help" || command === "-h" || command === "help") {
    console.log(help);
    return 0;
  }
  if (command === "ship" && argument && !argument.startsWith("-")) return ship(argument, args.slice(2));
  if (command === "show" && argument && args.length === 2) return show(argument);
  if (command === "refund" && argument && args.length >= 3) return refundLines(argument, args.slice(2));
  if (command === "multibanco-paid" && argument && args.length === 2) return payMultibanco(argument);
  if (command === "list" && args.length <= 2) return list(argument);
  if (isStep(command) && argument && args.length === 2) return move(command, argument);
  console.error(usage);
  return 2;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
