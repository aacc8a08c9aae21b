import { Hono } from "hono";
import { clientAddress } from "../http/client-address.ts";
import { type Auth, CLIENT_IP_HEADER } from "./auth.ts";
import { isPendingSession, withoutSessionCookies } from "./require-user.ts";

/**
 * better-auth's endpoints under /api/auth/*. The client address better-auth rate-limits by is
 * taken from the socket here, replacing anything the client sent in that header.
 *
 * An account still in the social welcome step (decision 033) is no session for better-auth's
 * endpoints either (issue 28): its session cookies are not passed on, so each answers it as a
 * visitor (`get-session` null, `list-accounts` and the rest 401) and a sign-in from its browser
 * starts afresh. Only signing out takes its session, to end it. The welcome step's own
 * endpoints are the shop's (`/api/social/pending`, `/api/social/complete`).
 */
export function authRoutes(auth: Auth) {
  const signOut = `${auth.options.basePath}/sign-out`;
  return new Hono().on(["GET", "POST"], "/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientAddress(c));
    if (c.req.path !== signOut && (await isPendingSession(auth, headers))) {
      headers.set("cookie", withoutSessionCookies(headers.get("cookie") ?? ""));
    }
    return auth.handler(new Request(c.req.raw, { headers }));
  });
}
