import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The client's address as the socket sees it; undefined for in-process requests (tests, rendering). */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}
