import { pino } from "pino";
import type { Env } from "./env.ts";

export type Logger = pino.Logger;

/** The shop's logger; `bindings` name the process among several (a worker's id). */
export function createLogger(env: Pick<Env, "LOG_LEVEL">, bindings: Record<string, unknown> = {}): Logger {
  return pino({ level: env.LOG_LEVEL, base: { service: "shop", ...bindings } });
}
