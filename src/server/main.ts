import cluster from "node:cluster";
import { parseEnv } from "./env.ts";
import { createLogger } from "./logger.ts";
import { serveShop } from "./serve-shop.ts";
import { announceListening, superviseWorkers } from "./workers.ts";

const env = parseEnv(process.env);

if (env.WORKERS > 1 && cluster.isPrimary) {
  // Several processes on one port, the kernel's connections dealt out in turn (decision 027).
  const logger = createLogger(env, { role: "supervisor" });
  const supervisor = superviseWorkers({ count: env.WORKERS, fork: () => cluster.fork(), logger });
  let stopping = false;
  const stop = (signal: string) => {
    stopping = true;
    logger.info({ signal }, "stopping the workers");
    void supervisor.stop().then(() => process.exit(0));
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  supervisor.started.then(
    () => logger.info({ workers: env.WORKERS }, "every worker listening"),
    (error: unknown) => {
      // Stopped during the start: stop() exits once the workers have ended.
      if (stopping) return;
      logger.fatal({ err: error }, "the workers could not start");
      process.exit(1);
    },
  );
} else {
  const worker = cluster.worker;
  // A worker whose supervisor is gone (killed, out of memory) stops as on SIGTERM, so the port
  // is free for the shop started again: orphans would go on answering nobody knows for how long.
  worker?.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
  await serveShop(
    env,
    createLogger(env, worker ? { worker: worker.id } : {}),
    worker
      ? {
          sharesPort: true,
          worker: worker.id,
          onListening: () => announceListening((message) => worker.send(message)),
        }
      : {},
  );
}
