import { Hono } from "hono";
import {
  customerEraseSchema,
  customerIdParamSchema,
  customerListQuerySchema,
} from "#shared/api/back-office-customer-contract.ts";
import { recordAudit } from "../audit/staff-audit.ts";
import { announceErasure, eraseAccount } from "../auth/account-erasure.ts";
import { apiError, validate } from "../http/validate.ts";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";
import { customerDetail, findCustomer } from "./customer-detail.ts";
import { customerDataExport } from "./customer-export.ts";
import { searchCustomers } from "./customer-search.ts";

const notFound = apiError("customer-not-found", "No such customer");

/**
 * The back office's customers (issue 30, decision 045): the list, a customer's page, the export
 * of their data (GDPR access) and its erasure, which the owner alone may do and which follows the
 * shopper's own deletion (`auth/account-erasure.ts`).
 */
export function customerRoutes({ db, hub, now, staff }: BackOfficeDeps) {
  const params = validate("param", customerIdParamSchema);
  return new Hono<StaffEnv>()
    .get("/", validate("query", customerListQuerySchema), async (c) =>
      c.json(await searchCustomers(db, c.req.valid("query"))),
    )
    .get("/:id", params, async (c) => {
      const detail = await customerDetail(db, c.req.valid("param").id);
      return detail ? c.json(detail) : c.json(notFound, 404);
    })
    .get("/:id/export", params, async (c) => {
      const { id } = c.req.valid("param");
      const document = await customerDataExport(db, id, now());
      if (!document) return c.json(notFound, 404);
      // Who looked at whose data, and when: the audit names the kind of export, not its contents.
      await recordAudit(db, c.get("staff"), {
        action: "customer.export",
        subjectType: "customer",
        subjectId: id,
        after: { format: "json", orders: document.orders.length, addresses: document.addresses.length },
      });
      return c.body(JSON.stringify(document, null, 2), 200, {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="cliente-${id}.json"`,
      });
    })
    .post(
      "/:id/erase",
      staff.requireStaff({ role: "owner" }),
      params,
      validate("json", customerEraseSchema),
      async (c) => {
        const { id } = c.req.valid("param");
        const { confirmEmail } = c.req.valid("json");
        if (!(await findCustomer(db, id))) return c.json(notFound, 404);
        const erased = await eraseAccount(db, id, async (tx, account) => {
          if (account.email.toLowerCase() !== confirmEmail) return "unconfirmed" as const;
          // The outline only: counts and sign-in kinds, never a name, an address or an e-mail.
          await recordAudit(tx, c.get("staff"), {
            action: "customer.erase",
            subjectType: "customer",
            subjectId: id,
            before: account.outline,
            after: { erased: true, ordersKept: account.outline.ordersKept },
          });
          return undefined;
        });
        if (erased === null) return c.json(notFound, 404);
        if (erased === "unconfirmed")
          return c.json(
            {
              error: {
                code: "confirmation-mismatch",
                message: "Type the customer's e-mail to confirm",
                fields: { confirmEmail: "confirmation-mismatch" },
              },
            },
            400,
          );
        await announceErasure(hub, id);
        return c.json({ erased: true as const, outline: erased.outline });
      },
    );
}
