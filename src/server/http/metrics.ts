import type { BlockList } from "node:net";
import { count, isNull, min } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import type { PageCacheStats } from "../ssr/page-cache.ts";
import { clientOf, listed, parseAddressList } from "./client-address.ts";
import { apiError } from "./validate.ts";

/** What the metrics read when they are asked for: the process's parts, as they are then. */
export type MetricSources = {
  database: Pick<DatabaseHandle, "db" | "poolStats">;
  hub: Pick<ChangeHub, "streams">;
  pageCache?: () => PageCacheStats;
};

export type ShopMetrics = {
  registry: Registry;
  /** One answered request: its method, the route that answered it, its status and how long it took. */
  observe(method: string, route: string, status: number, seconds: number): void;
};

/**
 * The shop's Prometheus metrics (issue 31), one registry per process: requests by route (rate
 * and latency), the page cache's hits against its renders, the mail outbox's depth and oldest
 * message, the database pool, the open live streams, and Node's own (memory, event loop, GC).
 */
export function createShopMetrics(sources: MetricSources, labels: Record<string, string> = {}): ShopMetrics {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: "shop_http_request_duration_seconds",
    help: "Requests answered, by method, route and status class, and how long they took",
    labelNames: ["method", "route", "status"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const cacheFigure = (name: string, help: string, read: (stats: PageCacheStats) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = sources.pageCache?.();
        if (!stats) return;
        // The cache counts for itself; the counter says what it counted, as it is now.
        this.reset();
        this.inc(read(stats));
      },
    });
  cacheFigure("shop_page_cache_hits_total", "Pages sent from the page cache", (stats) => stats.hits);
  cacheFigure("shop_page_cache_renders_total", "Pages drawn for the page cache", (stats) => stats.renders);
  new Gauge({
    name: "shop_page_cache_bytes",
    help: "Bytes the page cache keeps",
    registers: [registry],
    collect() {
      this.set(sources.pageCache?.().bytes ?? 0);
    },
  });
  new Gauge({
    name: "shop_mail_outbox_depth",
    help: "Messages in the mail outbox not sent yet",
    registers: [registry],
    async collect() {
      this.set((await outboxState(sources.database)).depth);
    },
  });
  new Gauge({
    name: "shop_mail_outbox_oldest_seconds",
    help: "Age of the oldest message in the mail outbox not sent yet (0: none)",
    registers: [registry],
    async collect() {
      this.set((await outboxState(sources.database)).oldestSeconds);
    },
  });
  new Gauge({
    name: "shop_db_pool_connections",
    help: "The PostgreSQL pool's connections, by state",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = sources.database.poolStats?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  new Gauge({
    name: "shop_event_streams",
    help: "Live event streams this process has open",
    registers: [registry],
    collect() {
      this.set(sources.hub.streams());
    },
  });
  return {
    registry,
    observe(method, route, status, seconds) {
      // By class ("2xx"): a label per status code would multiply the series for little.
      requests.observe({ method, route, status: `${String(status).charAt(0)}xx` }, seconds);
    },
  };
}

async function outboxState(database: Pick<DatabaseHandle, "db">) {
  const [row] = await database.db
    .select({ depth: count(), oldest: min(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt));
  const oldest = row?.oldest ? new Date(row.oldest) : undefined;
  return {
    depth: row?.depth ?? 0,
    oldestSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0,
  };
}

/** Who may read `/metrics`: a bearer token, and/or addresses and networks; loopback by default. */
export type MetricsAccess = { token?: string; from: BlockList };

/** `METRICS_ALLOW` (default loopback) and `METRICS_TOKEN`; an error message for a wrong entry. */
export function parseMetricsAccess(
  allow: string | undefined,
  token: string | undefined,
): MetricsAccess | string {
  const from = parseAddressList(allow?.trim() ? allow : "127.0.0.1, ::1");
  if (typeof from === "string") return from;
  return token ? { token, from } : { from };
}

/**
 * `GET /metrics`, in Prometheus' text format: for the addresses allowed, or with the token
 * (`Authorization: Bearer …`); anyone else gets a 403 that says nothing of what is there.
 */
export function metricsRoutes(metrics: ShopMetrics, access: MetricsAccess) {
  const allowed = (c: Context) => {
    const address = clientOf(c).address;
    if (address && listed(access.from, address)) return true;
    return access.token !== undefined && c.req.header("authorization") === `Bearer ${access.token}`;
  };
  return new Hono().get("/", async (c) => {
    c.header("cache-control", "no-store");
    if (!allowed(c)) return c.json(apiError("forbidden", "Metrics are not for this address"), 403);
    c.header("content-type", metrics.registry.contentType);
    return c.body(await metrics.registry.metrics());
  });
}
