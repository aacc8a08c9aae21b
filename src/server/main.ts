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
  try {
    await supervisor.started;
    logger.info({ workers: env.WORKERS }, "every worker listening");
  } catch (error) {
    if (stopping) await new Promise(() => {}); // stop() exits when the workers have ended
    logger.fatal({ err: error }, "the workers could not start");
    process.exit(1);
  }
} else {
  const worker = cluster.worker;
  await serveShop(
    env,
    createLogger(env, worker ? { worker: worker.id } : {}),
    worker
      ? { sharesPort: true, onListening: () => announceListening((message) => worker.send(message)) }
      : {},
  );
}
