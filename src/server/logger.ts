import { pino } from "pino";
import type { Env } from "./env.ts";
import { currentRequest } from "./request-context.ts";

export type Logger = pino.Logger;

/**
 * The shop's logger; `bindings` name the process among several (a worker's id). A line written
 * while a request is answered carries its id (`reqId`), the one its answer's `x-request-id` says.
 */
export function createLogger(
  env: Pick<Env, "LOG_LEVEL">,
  bindings: Record<string, unknown> = {},
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    base: { service: "shop", ...bindings },
    mixin: () => {
      const request = currentRequest();
      return request ? { reqId: request.id } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
