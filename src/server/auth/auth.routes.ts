import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { type Auth, CLIENT_IP_HEADER } from "./auth.ts";

/**
 * better-auth's endpoints under /api/auth/*. The client address better-auth rate-limits by is
 * taken from the socket here, replacing anything the client sent in that header.
 */
export function authRoutes(auth: Auth) {
  return new Hono().on(["GET", "POST"], "/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientAddress(c) ?? "unknown");
    return auth.handler(new Request(c.req.raw, { headers }));
  });
}

function clientAddress(c: Parameters<typeof getConnInfo>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Requests made in-process (tests, server rendering) have no socket.
    return undefined;
  }
}
