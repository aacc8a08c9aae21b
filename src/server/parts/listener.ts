import { createServer, type RequestListener } from "node:http";
import type { Env } from "../env.ts";
import type { Readiness } from "../health/readiness.ts";
import type { Logger } from "../logger.ts";

/** How this process stands among the shop's processes. */
export type ProcessRole = {
  /** One of several workers listening on the same port (decision 027). */
  sharesPort?: boolean;
  /** Which worker this is, when one of several (its metrics say so). */
  worker?: number;
  /** Called once the server takes connections. */
  onListening?: () => void;
};

/** A part's stop: what it undoes when the process ends. */
export type Stop = () => unknown;

/**
 * Listens on PORT with the front door, and on SIGTERM or SIGINT stops: it says it is not ready
 * (`/api/health/ready` 503) and goes on answering for SHUTDOWN_DELAY_SECONDS, so that a load
 * balancer stops sending it requests first (issue 31); then no new connections, then the parts'
 * stops one after the other (given in the order the parts started, run in reverse), then the
 * process ends. Requests in flight get 2 s (open event streams never end by themselves), the
 * stops 10 s in all.
 */
export function listen(options: {
  env: Pick<Env, "PORT" | "HOST" | "SHUTDOWN_DELAY_SECONDS">;
  frontDoor: RequestListener;
  role: ProcessRole;
  logger: Logger;
  /** Named in the line that says the shop listens. */
  databaseKind: string;
  stops: readonly Stop[];
  readiness: Readiness;
}): void {
  const { env, role, logger } = options;
  const server = createServer(options.frontDoor);
  // A worker's own socket on the shared port: the kernel deals the connections out, and one
  // worker's death loses only its own (node:cluster's shared handle can leave them hanging).
  const sharing = role.sharesPort ? { exclusive: true, reusePort: true } : {};
  server.listen({ port: env.PORT, host: env.HOST, ...sharing }, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ port, database: options.databaseKind }, `shop listening on http://localhost:${port}`);
    role.onListening?.();
  });

  let stopping = false;
  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    options.readiness.drain();
    const delayMs = env.SHUTDOWN_DELAY_SECONDS * 1000;
    logger.info({ signal, delayMs }, "shutting down");
    setTimeout(() => {
      server.close(async () => {
        for (const stop of [...options.stops].reverse()) await stop();
        logger.info("stopped");
        process.exit(0);
      });
      setTimeout(() => server.closeAllConnections(), 2000).unref();
      setTimeout(() => process.exit(0), 10_000).unref();
    }, delayMs);
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
