import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { SUBSCRIBE_LIMIT } from "../src/server/newsletter/newsletter.routes.ts";
import { createScratchDatabase } from "./support/scratch-database.ts";
import { startShop } from "./support/start-shop.ts";

/** The processes a process started (pgrep -P), as pids. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

/**
 * The supervisor's workers, oldest first. Not by pid: pids wrap around on a busy machine, and
 * the test must kill a worker that already listens, not one still starting.
 */
function workersOf(pid: number): number[] {
  const startedAt = (child: number) => {
    try {
      // /proc/<pid>/stat: the 22nd field is the start time; the command name may hold spaces.
      const stat = readFileSync(`/proc/${child}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    } catch {
      return Number.POSITIVE_INFINITY; // ended meanwhile
    }
  };
  return childrenOf(pid)
    .map((child) => ({ child, at: startedAt(child) }))
    .sort((a, b) => a.at - b.at)
    .map(({ child }) => child);
}

/** A request on a connection of its own: with several workers, each may land on another one. */
function freshRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const options = {
      agent: false,
      timeout: 5_000,
      method: init.method ?? "GET",
      headers: init.headers ?? {},
    };
    const req = request(url, options, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on("timeout", () => req.destroy(new Error(`${url} timed out`)));
    req.on("error", reject);
    req.end(init.body);
  });
}

const freshGet = (url: string) => freshRequest(url);

describe("the server process", () => {
  it("reports its database and stops cleanly on SIGTERM", async () => {
    const shop = await startShop(process.cwd());
    const health = (await (await fetch(`${shop.baseUrl}/api/health`)).json()) as {
      status: string;
      database: { kind: string; status: string };
    };
    expect(health).toMatchObject({ status: "ok", database: { kind: "pglite", status: "up" } });
    expect(await shop.stop()).toEqual({ code: 0, signal: null });
  });

  it("on SIGTERM says it is not ready while it goes on answering, then stops (issue 31)", async () => {
    const shop = await startShop(process.cwd(), { env: { SHUTDOWN_DELAY_SECONDS: "3" } });
    expect((await freshGet(`${shop.baseUrl}/api/health/ready`)).status).toBe(200);
    process.kill(shop.pid, "SIGTERM");
    // A load balancer asking now is told to send nothing more; the process still answers.
    await expect.poll(async () => (await freshGet(`${shop.baseUrl}/api/health/ready`)).status).toBe(503);
    expect((await freshGet(`${shop.baseUrl}/api/health/live`)).status).toBe(200);
    expect((await freshGet(`${shop.baseUrl}/api/home`)).status).toBe(200);
    expect(await shop.stop()).toEqual({ code: 0, signal: null });
  });

  it("answers unknown API routes and bad bodies with JSON errors", async () => {
    const shop = await startShop(process.cwd());
    try {
      const missing = await fetch(`${shop.baseUrl}/api/nope`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ error: { code: "not-found" } });
      const tooBig = await fetch(`${shop.baseUrl}/api/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "x".repeat(100_000) }),
      });
      expect(tooBig.status).toBe(413);
      expect(await tooBig.json()).toMatchObject({ error: { code: "body-too-large" } });
    } finally {
      await shop.stop();
    }
  });
});

describe("several worker processes (WORKERS=2, PostgreSQL)", () => {
  it("runs two on one port with one count per limit, replaces one that is killed and stops them all on SIGTERM", async () => {
    const database = await createScratchDatabase("shop_workers");
    const shop = await startShop(process.cwd(), {
      databaseUrl: database.url,
      env: { WORKERS: "2", RATE_LIMITS: "on" },
    });
    try {
      const workers = workersOf(shop.pid);
      expect(workers).toHaveLength(2);
      const pages = await Promise.all(
        Array.from({ length: 20 }, () => freshGet(`${shop.baseUrl}/detalle/1`)),
      );
      expect(pages.map((page) => page.status)).toEqual(Array(20).fill(200));

      // The newsletter's 10 a minute per address (decision 050): 30 asks spread over both workers
      // get 10 through, not 10 from each (issue 31).
      const subscribe = (n: number) =>
        freshRequest(`${shop.baseUrl}/api/newsletter`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: shop.baseUrl },
          body: JSON.stringify({ email: `reader${n}@example.com`, consent: true }),
        });
      const asks = await Promise.all(Array.from({ length: 30 }, (_, n) => subscribe(n)));
      const statuses = asks.map(({ status }) => status);
      expect(statuses.filter((status) => status === 202)).toHaveLength(SUBSCRIBE_LIMIT.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - SUBSCRIBE_LIMIT.limit);

      // The first listens (it answered the health check); the second may still be starting, and
      // its replacement must wait for it.
      const [killed, survivor] = workers;
      process.kill(killed ?? 0, "SIGKILL");
      // The supervisor starts another in its place; the survivor serves meanwhile.
      const others = () => childrenOf(shop.pid).filter((pid) => pid !== killed);
      await expect.poll(others, { timeout: 30_000, interval: 200 }).toHaveLength(2);
      const replaced = others();
      expect(replaced).toContain(survivor);
      expect(isAlive(killed ?? 0)).toBe(false);
      await expect
        .poll(
          async () => {
            const answers = await Promise.all(
              Array.from({ length: 20 }, () => freshGet(`${shop.baseUrl}/detalle/1`)),
            );
            return answers.every(({ status, body }) => status === 200 && body.includes("<h1"));
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);

      expect(await shop.stop()).toEqual({ code: 0, signal: null });
      expect(replaced.filter((pid) => isAlive(pid))).toEqual([]);
    } finally {
      await shop.stop();
      await database.drop();
    }
  }, 120_000);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
