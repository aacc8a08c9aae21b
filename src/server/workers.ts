import type { Logger } from "./logger.ts";

/** What the supervisor needs of a worker process (node:cluster's Worker has it). */
export type WorkerProcess = {
  readonly process: { readonly pid?: number | undefined; kill(signal: NodeJS.Signals): boolean };
  on(event: "message", listener: (message: unknown) => void): unknown;
  once(event: "exit", listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
};

export type SuperviseOptions = {
  count: number;
  /** Starts one more worker process (`cluster.fork` in the shop). */
  fork: () => WorkerProcess;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** Waits before a crashed worker is replaced; the shop's is a timer. */
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
  /** How long stopping workers get to finish their requests before they are killed. */
  stopTimeoutMs?: number;
};

export type Supervisor = {
  /** Resolves once every worker listens; rejects if one ends before it does (the others are stopped). */
  started: Promise<void>;
  /** SIGTERM to every worker, SIGKILL to any still running after the timeout; resolves when all ended. */
  stop(): Promise<void>;
};

/** A worker that ends sooner than this after it started listening counts as crashing again. */
const STEADY_AFTER_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * Keeps `count` shop processes running on one port and one PostgreSQL database (decision 027).
 * They start one after the other, so a single one applies the migrations and seeds the stock.
 * One that ends unexpectedly is replaced, after a delay that doubles while replacements keep
 * crashing: a broken database cannot turn the machine into a fork loop.
 */
export function superviseWorkers({
  count,
  fork,
  logger,
  wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = Date.now,
  stopTimeoutMs = 15_000,
}: SuperviseOptions): Supervisor {
  const running = new Set<WorkerProcess>();
  let stopping = false;
  let restartDelay = FIRST_RESTART_DELAY_MS;
  // Starts never overlap, replacements included: one worker at a time migrates, seeds and
  // creates the DATA_DIR secrets.
  let startQueue: Promise<unknown> = Promise.resolve();

  /** Starts a worker once no other is starting; rejects if it ends before it listens. */
  function startInTurn(): Promise<void> {
    const turn = startQueue.then(() => (stopping ? Promise.reject(new Error("stopping")) : startOne()));
    startQueue = turn.catch(() => {});
    return turn;
  }

  /** Starts a worker and resolves when it listens; rejects if it ends first. */
  function startOne(): Promise<void> {
    const worker = fork();
    running.add(worker);
    let listeningAt: number | undefined;
    return new Promise((resolve, reject) => {
      worker.on("message", (message) => {
        if (!isListeningMessage(message) || listeningAt !== undefined) return;
        listeningAt = now();
        logger.info({ pid: worker.process.pid }, "worker listening");
        resolve();
      });
      worker.once("exit", (code, signal) => {
        running.delete(worker);
        if (listeningAt === undefined) {
          reject(new Error(`worker ${worker.process.pid} ended before listening (code ${code}, ${signal})`));
          return;
        }
        if (stopping) return;
        logger.error({ pid: worker.process.pid, code, signal }, "worker ended; starting another");
        const steady = now() - listeningAt >= STEADY_AFTER_MS;
        restartDelay = steady ? FIRST_RESTART_DELAY_MS : Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
        void replace(restartDelay);
      });
    });
  }

  async function replace(delay: number): Promise<void> {
    await wait(delay);
    if (stopping) return;
    await startInTurn().catch((error: unknown) => {
      if (stopping) return;
      logger.error({ err: error }, "replacement worker failed to start; trying again");
      return replace(Math.min(delay * 2, MAX_RESTART_DELAY_MS));
    });
  }

  async function stop(): Promise<void> {
    stopping = true;
    const ended = [...running].map(
      (worker) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => worker.process.kill("SIGKILL"), stopTimeoutMs);
          worker.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          worker.process.kill("SIGTERM");
        }),
    );
    await Promise.all(ended);
  }

  async function startAll(): Promise<void> {
    try {
      for (let index = 0; index < count; index += 1) await startInTurn();
    } catch (error) {
      await stop();
      throw error;
    }
  }

  return { started: startAll(), stop };
}

/** What a worker sends its supervisor once its server listens (see `announceListening`). */
const LISTENING = { shop: "listening" } as const;

/** In a worker: tells the supervisor this process takes connections now. */
export function announceListening(send: ((message: typeof LISTENING) => unknown) | undefined): void {
  send?.(LISTENING);
}

function isListeningMessage(message: unknown): boolean {
  return (
    typeof message === "object" && message !== null && "shop" in message && message.shop === LISTENING.shop
  );
}
