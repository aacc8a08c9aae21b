import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SHOP_NODE_FLAGS } from "#server/node-flags.ts";

export type ShopExit = { code: number | null; signal: NodeJS.Signals | null };

export type RunningShop = {
  baseUrl: string;
  /** The process started (with WORKERS above 1, the workers' supervisor). */
  pid: number;
  /** The shop's temporary data directory (its mail outbox is `outbox/` inside). */
  dataDir: string;
  /** Sends SIGTERM, waits for the exit and deletes a temporary database. Safe to call twice. */
  stop(): Promise<ShopExit>;
  /** SIGKILL: no shutdown, nothing flushed, whatever was in flight is lost. */
  kill(): Promise<ShopExit>;
};

// Starting takes seconds; on a busy two-core machine (another shop starting, migrations) far more.
const HEALTH_TIMEOUT_MS = 60_000;
const EXIT_TIMEOUT_MS = 15_000;

export type ShopOptions = {
  /** A PostgreSQL database to share with other processes; by default a fresh embedded one. */
  databaseUrl?: string;
  /** More environment for the process (e.g. a shared BETTER_AUTH_SECRET). */
  env?: Record<string, string>;
  /** The address tests open it at (it listens on every interface, as `npm start` does). */
  host?: "localhost" | "127.0.0.1";
  /** A port to listen on (to start the shop again where clients expect it); a free one by default. */
  port?: number;
  /** The embedded database's directory, kept after the process ends; a temporary one by default. */
  dataDir?: string;
  /** How long the start may take (60 s; a big catalogue is read first). */
  healthTimeoutMs?: number;
};

/** Starts the built shop (`node src/server/main.ts`) on a free port with a fresh embedded database. */
export async function startShop(cwd: string, options: ShopOptions = {}): Promise<RunningShop> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "shop-run-"));
  // Tests and benchmarks run on their own database, whatever the environment says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const host = options.host ?? "127.0.0.1";
  const child = spawn(process.execPath, [...SHOP_NODE_FLAGS, "src/server/main.ts"], {
    cwd,
    // One address makes every request here: the limits are tested by the API tests instead.
    env: {
      ...env,
      LOG_LEVEL: "warn",
      // As shoppers get it: the test runner's NODE_ENV=test would switch better-auth's origin
      // checks off and hide what a real browser meets (issue 10).
      NODE_ENV: "production",
      PAYMENTS: "test",
      RATE_LIMITS: "off",
      ...options.env,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let stopped: Promise<ShopExit> | undefined;
  const removeData = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const shop: RunningShop = {
    baseUrl: `http://${host}:${port}`,
    pid: child.pid ?? 0,
    dataDir,
    stop: () => {
      stopped ??= stopChild(child).finally(removeData);
      return stopped;
    },
    kill: () => {
      stopped ??= stopChild(child, "SIGKILL").finally(removeData);
      return stopped;
    },
  };
  try {
    await waitForHealth(shop.baseUrl, child, options.healthTimeoutMs ?? HEALTH_TIMEOUT_MS);
  } catch (error) {
    await shop.stop();
    throw error;
  }
  return shop;
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<ShopExit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return { code: child.exitCode, signal: child.signalCode };
  }
  const exited = new Promise<ShopExit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), EXIT_TIMEOUT_MS);
  const exit = await exited;
  clearTimeout(timer);
  return exit;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited during start-up (code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The shop did not answer /api/health within ${timeoutMs / 1000} s`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("No free port")),
      );
    });
  });
}
