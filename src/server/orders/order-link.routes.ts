import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { SessionUser } from "#shared/api/account-contract.ts";
import {
  orderDocumentParamSchema,
  orderIdParamSchema,
  returnRequestSchema,
} from "#shared/api/order-contract.ts";
import {
  ORDER_LINK_PARAM,
  type OrderLinkView,
  orderLinkQuerySchema,
} from "#shared/api/order-link-contract.ts";
import { announceErasure, eraseAccount } from "../auth/account-erasure.ts";
import type { Auth } from "../auth/auth.ts";
import { provenByOrderLink } from "../auth/proven-by-order-link.ts";
import type { SessionReader } from "../auth/require-user.ts";
import { type ClaimRefusal, claimRefusal } from "../coupons/coupon-claims.ts";
import type { Database } from "../db/client.ts";
import { shopOrder, user } from "../db/schema.ts";
import { apiError, validate } from "../http/validate.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.ts";
import type { ChangeHub } from "../live/change-hub.ts";
import type { OrderLinks } from "./order-links.ts";
import type { OrderNotifier } from "./order-notifier.ts";
import { loadOrder, readOrderDocument } from "./order-views.ts";
import { requestReturn, returnRefusals } from "./return-requests.ts";

export type OrderLinkDeps = {
  db: Database;
  auth: Auth;
  links: OrderLinks;
  /** The signed-in account a guest's order may be kept in (accounts only, not guests). */
  sessions: SessionReader;
  /** Tells the account's open pages that its orders changed. */
  hub?: ChangeHub;
  /** Queues the buyer's mails of a withdrawal asked for here, and sends them (decision 059). */
  notifier: OrderNotifier;
  now?: () => Date;
};

/** The order's buyer, if it still has one: a guest or an account. */
async function buyerOf(db: Database, orderId: string) {
  const [row] = await db
    .select({ userId: shopOrder.userId, guest: user.isAnonymous })
    .from(shopOrder)
    .innerJoin(user, eq(user.id, shopOrder.userId))
    .where(eq(shopOrder.id, orderId));
  return row ? { userId: row.userId ?? "", guest: row.guest === true } : undefined;
}

/**
 * Moves a guest's order into an account, unless its coupon's per-shopper rules forbid it (issue
 * 28). Locks as a checkout does, the account's row first, so the account's checkouts and claims
 * queue; then the order's row (taken by another claim meanwhile: "taken"), then the coupon's.
 */
async function keepInAccount(
  db: Database,
  orderId: string,
  guestId: string,
  account: SessionUser,
): Promise<"kept" | "taken" | ClaimRefusal> {
  return db.transaction(async (tx) => {
    // "no key update": it queues with the account's checkouts (`lockCheckout`), not with the rows
    // that merely refer to the account (a session, an order moved to it at sign-in).
    await tx.select({ id: user.id }).from(user).where(eq(user.id, account.id)).for("no key update");
    const [order] = await tx
      .select({
        id: shopOrder.id,
        userId: shopOrder.userId,
        couponCode: shopOrder.couponCode,
        status: shopOrder.status,
        placedAt: shopOrder.placedAt,
      })
      .from(shopOrder)
      .where(eq(shopOrder.id, orderId))
      .for("update");
    if (!order || order.userId !== guestId) return "taken";
    const refusal = await claimRefusal(tx, order, account);
    if (refusal) return refusal;
    await tx.update(shopOrder).set({ userId: account.id }).where(eq(shopOrder.id, orderId));
    return "kept";
  });
}

/**
 * `/api/order-links/{id}?clave=…`: what an order mail's signed link opens (decision 032), without
 * an account. A wrong token is refused (403), an old one too (410); an order whose buyer erased
 * their data, or deleted their account, is no longer shown (404). A guest may ask here for their
 * data to be erased, as an account owner deletes the account.
 */
export function orderLinkRoutes({
  db,
  links,
  sessions,
  hub,
  notifier,
  now = () => new Date(),
}: OrderLinkDeps) {
  const params = validate("param", orderIdParamSchema);
  const query = validate("query", orderLinkQuerySchema);

  /** The buyer of the order the link names, or the answer refusing the link. */
  async function open(c: Context, orderId: string, token: string) {
    const check = links.check(orderId, token, now());
    if (check === "invalid") return { refused: c.json(apiError("order-link-invalid", "Wrong link"), 403) };
    if (check === "expired") return { refused: c.json(apiError("order-link-expired", "Link expired"), 410) };
    const buyer = await buyerOf(db, orderId);
    if (!buyer) return { refused: c.json(apiError("order-not-found", "No such order"), 404) };
    c.header("cache-control", "private, no-store");
    return { buyer };
  }

  return new Hono()
    .get("/:id", params, query, async (c) => {
      const { id } = c.req.valid("param");
      const opened = await open(c, id, c.req.valid("query")[ORDER_LINK_PARAM]);
      if (opened.refused) return opened.refused;
      // Opened where its account is signed in, the mail's link proves the address (issue 28).
      const account = await sessions(c.req.raw.headers);
      if (account) await provenByOrderLink(db, account.id, id);
      const loaded = await loadOrder(db, id);
      if (!loaded) return c.json(apiError("order-not-found", "No such order"), 404);
      const view: OrderLinkView = { order: loaded.view, guest: opened.buyer.guest };
      return c.json(view);
    })
    .get("/:id/documents/:kind", validate("param", orderDocumentParamSchema), query, async (c) => {
      const { id, kind } = c.req.valid("param");
      const opened = await open(c, id, c.req.valid("query")[ORDER_LINK_PARAM]);
      if (opened.refused) return opened.refused;
      const document = await readOrderDocument(db, opened.buyer.userId, id, kind);
      if (!document) return c.json(apiError("document-not-found", "No such document"), 404);
      const pdf = await renderInvoicePdf(document);
      return c.body(new Uint8Array(pdf), 200, {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${document.number}.pdf"`,
        "cache-control": "private, no-store",
      });
    })
    .post("/:id/returns", params, query, validate("json", returnRequestSchema), async (c) => {
      const { id } = c.req.valid("param");
      const opened = await open(c, id, c.req.valid("query")[ORDER_LINK_PARAM]);
      if (opened.refused) return opened.refused;
      // The link's token is the buyer's proof, as for the link's other actions (decision 059).
      const lines = c.req.valid("json").lines.map(({ lineId, quantity }) => ({ position: lineId, quantity }));
      const result = await requestReturn({ db, mails: notifier, now }, id, lines);
      if (!result.ok) {
        const [status, message] = returnRefusals[result.error];
        return c.json(apiError(result.error, message), status);
      }
      await notifier.changed(id);
      const loaded = await loadOrder(db, id);
      if (!loaded) return c.json(apiError("order-not-found", "No such order"), 404);
      const view: OrderLinkView = { order: loaded.view, guest: opened.buyer.guest };
      return c.json(view, 201);
    })
    .post("/:id/erase", params, query, async (c) => {
      const { id } = c.req.valid("param");
      const opened = await open(c, id, c.req.valid("query")[ORDER_LINK_PARAM]);
      if (opened.refused) return opened.refused;
      // An account's data goes with the account (its own page asks for the password).
      if (!opened.buyer.guest) return c.json(apiError("account-order", "Delete the account instead"), 409);
      // As for an account: the guest, its sessions, cart, list and addresses go; the order and its
      // invoices stay, as the tax law asks, without their link to anyone (decisions 032, 045).
      await eraseAccount(db, opened.buyer.userId);
      await announceErasure(hub, opened.buyer.userId);
      return c.json({ erased: true });
    })
    .post("/:id/claim", params, query, async (c) => {
      const { id } = c.req.valid("param");
      const account = await sessions(c.req.raw.headers);
      if (!account) return c.json(apiError("unauthorized", "Sign in first"), 401);
      const opened = await open(c, id, c.req.valid("query")[ORDER_LINK_PARAM]);
      if (opened.refused) return opened.refused;
      // An account's order stays where it is: asked again by its account, the answer is the same.
      const inAccount = (userId: string | undefined) =>
        userId === account.id
          ? c.json({ orderId: id })
          : c.json(apiError("account-order", "The order is in another account"), 409);
      if (!opened.buyer.guest) return inAccount(opened.buyer.userId);
      // Only this order moves (each order has its own link); its invoices and credit notes
      // follow it. The guest's cart and addresses stay the guest's.
      const kept = await keepInAccount(db, id, opened.buyer.userId, account);
      // Another request took it first (the same account's, from another tab, or someone else's).
      if (kept === "taken") return inAccount((await buyerOf(db, id))?.userId);
      if (kept !== "kept") {
        return c.json(apiError(kept, "The order's coupon cannot be used again by this account"), 409);
      }
      await hub?.publish(account.id, "orders");
      return c.json({ orderId: id });
    });
}
