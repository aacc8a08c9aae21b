import { createHmac, timingSafeEqual } from "node:crypto";
import { paths } from "#shared/paths.ts";
import type { Auth } from "../auth/auth.ts";

/** How long an order mail's link opens the order (decision 032). */
export const ORDER_LINK_DAYS = 90;

export type OrderLinkCheck = "valid" | "invalid" | "expired";

/**
 * The signed links of the order mails: `/pedido/{id}?clave={expiry}.{signature}`, an HMAC with a
 * key derived from the auth secret over the order id and the expiry. Whoever holds the link sees
 * that order (read-only) until it expires, without an account; no other order, whatever is changed.
 */
export type OrderLinks = {
  /** The token of a link to this order, valid `ORDER_LINK_DAYS` from `now`. */
  token(orderId: string, now: Date): string;
  /** The page's address (without the origin). */
  path(orderId: string, now: Date): string;
  check(orderId: string, token: string, now: Date): OrderLinkCheck;
};

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createOrderLinks(secret: string): OrderLinks {
  // A key of its own: a signature made here can never pass for a session cookie's, or the reverse.
  const key = createHmac("sha256", secret).update("order-link").digest();
  const sign = (orderId: string, expiry: number) =>
    createHmac("sha256", key).update(`${orderId}.${expiry}`).digest("base64url");
  const token = (orderId: string, now: Date) => {
    const expiry = Math.floor(now.getTime() / 1000) + ORDER_LINK_DAYS * 86_400;
    return `${expiry}.${sign(orderId, expiry)}`;
  };
  return {
    token,
    path: (orderId, now) => paths.orderLink(orderId, token(orderId, now)),
    check(orderId, given, now) {
      const parts = TOKEN.exec(given);
      if (!parts?.[1] || !parts[2]) return "invalid";
      const expiry = Number(parts[1]);
      const expected = Buffer.from(sign(orderId, expiry));
      const signature = Buffer.from(parts[2]);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return "invalid";
      return expiry * 1000 > now.getTime() ? "valid" : "expired";
    },
  };
}

/** The secret better-auth signs with (BETTER_AUTH_SECRET or the one kept in DATA_DIR). */
export function authSecretOf(auth: Auth): string {
  const { secret } = auth.options;
  if (!secret) throw new Error("better-auth has no secret");
  return secret;
}
