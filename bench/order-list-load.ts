import autocannon from "autocannon";
import { createScratchDatabase } from "../e2e/support/scratch-database.ts";
import { startShop } from "../e2e/support/start-shop.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { staffCommand } from "../src/server/staff/staff-cli.ts";
import { totpCode } from "../src/server/testing/totp-code.ts";
import { staffOrderListSchema } from "../src/shared/api/back-office-contract.ts";
import { originOf } from "./api-shoppers.ts";
import { WARM_UP_SECONDS } from "./cart-load.ts";
import { seedOrders } from "./seed-orders.ts";

/** One query of the back office's order list under load. */
export type OrderListFigures = {
  name: string;
  query: string;
  /** How many orders matched (the answer's total, counted up to the list's depth), and how many rows its page had. */
  total: number;
  /** Whether `total` is all of them (false: more matched than the list counts). */
  totalExact: boolean;
  rows: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
};

export type OrderListLoad = {
  orders: number;
  seedSeconds: number;
  connections: number;
  durationSeconds: number;
  database: string;
  queries: OrderListFigures[];
};

/**
 * What a member of staff asks the list for most (issue 30): the newest orders, a search by each
 * thing a shopper is found by, a status filter, a payment method's (a count that once took 75–400
 * ms), and the deepest page (the list goes 10,000 orders deep; decision 043). The texts match some of the seeded orders (`seed-orders.ts`).
 */
export const ORDER_LIST_QUERIES: readonly { name: string; query: string }[] = [
  { name: "newest, page 1", query: "" },
  { name: "e-mail prefix", query: "?q=lucia.mart" },
  { name: "last name", query: "?q=Fern%C3%A1ndez" },
  { name: "name and last name", query: "?q=ana+garc" },
  { name: "phone prefix", query: "?q=612+34" },
  { name: "order number", query: "?q=2026-00012" },
  { name: "status: to prepare", query: "?status=pagado&status=preparando" },
  { name: "method: Bizum", query: "?method=bizum" },
  { name: "zone + month", query: "?zone=es-canary&from=2026-01-01&to=2026-01-31" },
  { name: "by total, page 40", query: "?sort=total&page=40" },
  { name: "deepest page (400)", query: "?page=400" },
];

/**
 * The order list and its search with `orders` orders in the database (issue 30): the built shop on
 * a fresh PostgreSQL database (the embedded one is the shop process's alone, and a shop with this
 * many orders runs on PostgreSQL), seeded, then one signed-in staff member's cookie on every
 * connection, each query in turn after an unmeasured warm-up.
 */
export async function measureOrderListLoad(
  root: string,
  { orders = 100_000, connections = 10, durationSeconds = 10 } = {},
): Promise<OrderListLoad> {
  const database = await createScratchDatabase("shop_bench_orders");
  try {
    const shop = await startShop(root, { databaseUrl: database.url });
    // Stopped by hand (Ctrl-C): the shop and its database go too, not left behind.
    const stopOnSignal = (signal: NodeJS.Signals) => {
      void shop
        .stop()
        .then(() => database.drop())
        .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    };
    process.once("SIGINT", stopOnSignal);
    process.once("SIGTERM", stopOnSignal);
    try {
      const seedSeconds = await seed(database.url, orders);
      const cookie = await signedInStaff(database.url, shop.baseUrl);
      const queries: OrderListFigures[] = [];
      for (const { name, query } of ORDER_LIST_QUERIES) {
        const url = `${shop.baseUrl}/api/gestion/orders${query}`;
        const sample = await answerOf(url, cookie);
        await load(url, cookie, connections, WARM_UP_SECONDS);
        const result = await load(url, cookie, connections, durationSeconds);
        queries.push({ name, query, ...sample, ...result });
      }
      return {
        orders,
        seedSeconds,
        connections,
        durationSeconds,
        database: `PostgreSQL (${new URL(database.url).host})`,
        queries,
      };
    } finally {
      process.off("SIGINT", stopOnSignal);
      process.off("SIGTERM", stopOnSignal);
      await shop.stop();
    }
  } finally {
    await database.drop();
  }
}

async function seed(url: string, orders: number): Promise<number> {
  const handle = await openDatabase({ kind: "postgres", url });
  try {
    const started = performance.now();
    await seedOrders(handle.db, orders);
    return (performance.now() - started) / 1000;
  } finally {
    await handle.close();
  }
}

/**
 * A staff member invited as the command line does, who accepts, enrols TOTP and confirms it: the
 * session cookie of a member past the second factor.
 */
async function signedInStaff(databaseUrl: string, baseUrl: string): Promise<string> {
  const handle = await openDatabase({ kind: "postgres", url: databaseUrl });
  const printed: string[] = [];
  try {
    const code = await staffCommand(["invite", "bench.staff@example.com", "--role", "staff"], {
      db: handle.db,
      origin: baseUrl,
      now: () => new Date(),
      print: (line) => printed.push(line),
      fail: (line) => printed.push(line),
    });
    if (code !== 0) throw new Error(`staff invite failed: ${printed.join("\n")}`);
  } finally {
    await handle.close();
  }
  const token = /invitacion\?token=([A-Za-z0-9_-]+)/.exec(printed.join("\n"))?.[1];
  if (!token) throw new Error(`no invitation link in: ${printed.join("\n")}`);
  const jar = new Map<string, string>();
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: originOf(baseUrl),
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
      },
      body: JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const password = "bench-faro-azul-gatos-2026";
  await post(`/api/gestion/invitations/${token}/accept`, { name: "Bench", password });
  const enabled = await post("/api/gestion/auth/two-factor/enable", { password });
  const uri =
    typeof enabled === "object" && enabled !== null && "totpURI" in enabled ? enabled.totpURI : null;
  if (typeof uri !== "string") throw new Error("no TOTP URI");
  await post("/api/gestion/auth/two-factor/verify-totp", { code: totpCode(uri) });
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The query's answer once, unloaded: how many matched, and that it is the list's answer at all. */
async function answerOf(
  url: string,
  cookie: string,
): Promise<{ total: number; totalExact: boolean; rows: number }> {
  const response = await fetch(url, { headers: { cookie } });
  const answer: unknown = await response.json();
  const list = staffOrderListSchema.safeParse(answer);
  if (!response.ok || !list.success) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer)}`);
  const { total, totalExact, items } = list.data;
  return { total, totalExact, rows: items.length };
}

async function load(url: string, cookie: string, connections: number, duration: number) {
  const result = await autocannon({ url, connections, duration, headers: { cookie } });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The figures as `npm run bench` prints them: one line per query. */
export function printOrderListLoad(figures: OrderListLoad): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `  back-office order list, ${figures.orders.toLocaleString("en")} orders (seeded in ${figures.seedSeconds.toFixed(0)} s), ` +
      `${figures.connections} connections, ${figures.database}, one staff session:`,
  );
  for (const query of figures.queries) {
    console.log(
      `    ${query.name.padEnd(22)} ${`${query.totalExact ? "" : ">"}${query.total}`.padStart(6)} match  ${query.requestsPerSecond.toFixed(0).padStart(5)} req/s  ` +
        `p50 ${ms(query.latencyP50Ms).padStart(9)}  p99 ${ms(query.latencyP99Ms).padStart(9)}` +
        (query.non2xx + query.errors > 0 ? `  non-2xx ${query.non2xx}, errors ${query.errors}` : ""),
    );
  }
}
