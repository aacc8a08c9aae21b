import { Hono } from "hono";
import { socketAddress } from "../http/socket-address.ts";
import { type Auth, CLIENT_IP_HEADER } from "./auth.ts";

/**
 * better-auth's endpoints under /api/auth/*. The client address better-auth rate-limits by is
 * taken from the socket here, replacing anything the client sent in that header.
 */
export function authRoutes(auth: Auth) {
  return new Hono().on(["GET", "POST"], "/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, socketAddress(c) ?? "unknown");
    return auth.handler(new Request(c.req.raw, { headers }));
  });
}
