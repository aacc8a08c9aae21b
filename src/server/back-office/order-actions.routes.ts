import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import {
  acceptReturnSchema,
  type OrderAction,
  type OrderActionAnswer,
  orderDocumentFileSchema,
  orderNoteSchema,
  orderNumberParamSchema,
  receiveReturnSchema,
  refundOrderSchema,
  returnRequestParamSchema,
  shipOrderSchema,
  stepOrderSchema,
} from "#shared/api/back-office-order-contract.ts";
import type { OrderStatus } from "#shared/api/order-contract.ts";
import { staffErrorCodes } from "#shared/api/staff-contract.ts";
import { recordAudit } from "../audit/staff-audit.ts";
import type { Database } from "../db/client.ts";
import { shopOrder } from "../db/schema.ts";
import type { StaffRole } from "../db/staff-schema.ts";
import { apiError, validate } from "../http/validate.ts";
import { renderInvoicePdf } from "../invoices/invoice-pdf.ts";
import { shipOrder, type TransitionOutcome, transitionOrder } from "../orders/order-lifecycle.ts";
import { readStaffOrderDocument } from "../orders/order-views.ts";
import { type RefundLinesOutcome, refundOrderLines } from "../orders/refund-lines.ts";
import { receiveReturnRequest } from "../orders/return-requests.ts";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";
import { readBackOfficeOrder } from "./order-detail.ts";
import { renderPackingSlipPdf } from "./order-packing-slip.ts";
import { acceptReturn } from "./order-returns.ts";

/**
 * Who may run each action on an order, in one place (issue 30: "staff run orders and
 * customers"): both roles today; an action for owners only is one word here.
 */
const rolesFor: Record<OrderAction, readonly StaffRole[]> = {
  prepare: ["owner", "staff"],
  ship: ["owner", "staff"],
  deliver: ["owner", "staff"],
  cancel: ["owner", "staff"],
  refund: ["owner", "staff"],
  return: ["owner", "staff"],
  note: ["owner", "staff"],
};

const mayRun = (action: OrderAction) =>
  createMiddleware<StaffEnv>(async (c, next) => {
    if (!rolesFor[action].includes(c.get("staff").role)) {
      return c.json(apiError(staffErrorCodes.forbidden, `Your role may not ${action} orders`), 403);
    }
    await next();
  });

type OrderContext = Context<StaffEnv>;

/**
 * The back office's API of one order (issue 30, decision 044), behind the staff guard: the order
 * in full, its documents and packing slip, and its actions. Each action is checked against the
 * order's state under its lock by the lifecycle (409 with the status now when it does not apply,
 * also when another staff member got there first), audited with the staff member as its actor in
 * the change's transaction, tells the buyer (live and by mail), and answers the order as it is.
 */
export function orderActionRoutes(deps: BackOfficeDeps) {
  const { db, notifier } = deps;
  const number = validate("param", orderNumberParamSchema);

  /** The order as it is now, after an action (200 or 201), or its refusal (409). */
  const answer = async (c: OrderContext, orderNumber: string, status: 200 | 201 = 200) => {
    const order = await readBackOfficeOrder(deps, orderNumber);
    if (!order) return c.json(apiError("order-not-found", `No order ${orderNumber}`), 404);
    const body: OrderActionAnswer = { order };
    return c.json(body, status);
  };
  const refused = (c: OrderContext, code: string, message: string, status: OrderStatus | undefined) =>
    c.json({ ...apiError(code, message), status }, 409);

  /** A lifecycle step's outcome: a step already taken (by someone else) is a conflict here too. */
  const stepAnswered = async (
    c: OrderContext,
    order: { id: string; number: string },
    step: string,
    result: TransitionOutcome,
  ) => {
    if (!result.ok) return refused(c, result.error, `Order ${order.number}: cannot ${step}`, result.status);
    if (!result.changed) {
      return refused(c, "unchanged", `Order ${order.number} is already ${result.status}`, result.status);
    }
    await notifier.changed(order.id);
    return answer(c, order.number);
  };

  const refundAnswered = async (
    c: OrderContext,
    order: { id: string; number: string },
    result: RefundLinesOutcome,
  ) => {
    if (!result.ok) {
      const message = `Order ${order.number}: cannot refund, ${result.error}`;
      if (result.error === "nothing-to-refund" || result.error === "unknown-line")
        return c.json(apiError(result.error, message), 400);
      return refused(c, result.error, message, result.status);
    }
    await notifier.changed(order.id);
    return answer(c, order.number, 201);
  };

  return new Hono<StaffEnv>()
    .get("/:number", number, async (c) => {
      const order = await readBackOfficeOrder(deps, c.req.valid("param").number);
      if (!order) return notFound(c);
      return c.json(order);
    })
    .get("/:number/packing-slip.pdf", number, async (c) => {
      const found = await readBackOfficeOrder(deps, c.req.valid("param").number);
      if (!found) return c.json(apiError("order-not-found", "No such order"), 404);
      return pdfAnswer(c, await renderPackingSlipPdf(found), `albaran-${found.number}.pdf`);
    })
    .get("/:number/documents/:file", validate("param", orderDocumentFileSchema), async (c) => {
      const { number: orderNumber, file } = c.req.valid("param");
      const order = await findOrder(db, orderNumber);
      const documentNumber = file.replace(/\.pdf$/, "");
      const document = order && (await readStaffOrderDocument(db, order.id, documentNumber));
      if (!document) return c.json(apiError("document-not-found", "No such document"), 404);
      return pdfAnswer(c, await renderInvoicePdf(document), file);
    })
    .post("/:number/prepare", mayRun("prepare"), number, validate("json", stepOrderSchema), async (c) => {
      // Packing has begun (its slip printed): "preparando" for the buyer, the lists and the dashboard.
      const order = await findOrder(db, c.req.valid("param").number);
      if (!order) return notFound(c);
      const { note } = c.req.valid("json");
      const result = await transitionOrder(deps, order.id, "prepare", {
        audit: { actor: c.get("staff"), note },
      });
      return stepAnswered(c, order, "prepare", result);
    })
    .post("/:number/ship", mayRun("ship"), number, validate("json", shipOrderSchema), async (c) => {
      const order = await findOrder(db, c.req.valid("param").number);
      if (!order) return notFound(c);
      const { carrier, trackingNumber, note } = c.req.valid("json");
      const result = await shipOrder(
        deps,
        order.id,
        { carrier, trackingNumber },
        { audit: { actor: c.get("staff"), note } },
      );
      return stepAnswered(c, order, "ship", result);
    })
    .post("/:number/deliver", mayRun("deliver"), number, validate("json", stepOrderSchema), async (c) => {
      const order = await findOrder(db, c.req.valid("param").number);
      if (!order) return notFound(c);
      const { note } = c.req.valid("json");
      const result = await transitionOrder(deps, order.id, "deliver", {
        audit: { actor: c.get("staff"), note },
      });
      return stepAnswered(c, order, "deliver", result);
    })
    .post("/:number/cancel", mayRun("cancel"), number, validate("json", stepOrderSchema), async (c) => {
      const order = await findOrder(db, c.req.valid("param").number);
      if (!order) return notFound(c);
      const { note } = c.req.valid("json");
      const result = await transitionOrder(deps, order.id, "cancel", {
        audit: { actor: c.get("staff"), note },
      });
      return stepAnswered(c, order, "cancel", result);
    })
    .post("/:number/refunds", mayRun("refund"), number, validate("json", refundOrderSchema), async (c) => {
      const order = await findOrder(db, c.req.valid("param").number);
      if (!order) return notFound(c);
      const request = c.req.valid("json");
      const result = await refundOrderLines(deps, order.id, request, {
        audit: { actor: c.get("staff"), note: request.note },
      });
      return refundAnswered(c, order, result);
    })
    .post("/:number/returns", mayRun("return"), number, validate("json", acceptReturnSchema), async (c) => {
      const order = await findOrder(db, c.req.valid("param").number);
      if (!order) return notFound(c);
      const request = c.req.valid("json");
      const result = await acceptReturn(deps, order.id, request, {
        actor: c.get("staff"),
        note: request.note,
      });
      return refundAnswered(c, order, result);
    })
    .post(
      "/:number/return-requests/:requestId/receive",
      mayRun("return"),
      validate("param", returnRequestParamSchema),
      validate("json", receiveReturnSchema),
      async (c) => {
        const { number: orderNumber, requestId } = c.req.valid("param");
        const order = await findOrder(db, orderNumber);
        if (!order) return notFound(c);
        const request = c.req.valid("json");
        const result = await receiveReturnRequest(deps, order.id, requestId, request, {
          actor: c.get("staff"),
          note: request.note,
        });
        if (!result.ok && result.error === "request-not-found")
          return c.json(apiError(result.error, "No such return request"), 404);
        if (!result.ok && result.error === "request-closed")
          return refused(
            c,
            result.error,
            `Order ${order.number}: the return was already received`,
            undefined,
          );
        return refundAnswered(c, order, result);
      },
    )
    .post("/:number/notes", mayRun("note"), number, validate("json", orderNoteSchema), async (c) => {
      const order = await findOrder(db, c.req.valid("param").number);
      if (!order) return notFound(c);
      // Kept in the staff audit only: the buyer's history (order events) never shows it.
      await recordAudit(db, c.get("staff"), {
        action: "order.note",
        subjectType: "order",
        subjectId: order.number,
        note: c.req.valid("json").note,
      });
      return answer(c, order.number, 201);
    });
}

async function findOrder(db: Database, number: string) {
  const [order] = await db
    .select({ id: shopOrder.id, number: shopOrder.number })
    .from(shopOrder)
    .where(eq(shopOrder.number, number));
  return order && { id: order.id, number };
}

const notFound = (c: OrderContext) => c.json(apiError("order-not-found", "No such order"), 404);

function pdfAnswer(c: OrderContext, pdf: Buffer, filename: string) {
  return c.body(new Uint8Array(pdf), 200, {
    "content-type": "application/pdf",
    "content-disposition": `inline; filename="${filename}"`,
    "cache-control": "private, no-store",
  });
}
