import { and, asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import { staffAudit } from "../db/schema.ts";
import type { StaffRole } from "../db/staff-schema.ts";

/**
 * Who acts in the back office: a signed-in staff member (with their second factor), or the
 * command line run on the server (`npm run staff`) or the operator token (a test Multibanco
 * payment, `npm run test-payments`), named as such.
 */
export type StaffActor =
  | { kind: "staff"; id: string; email: string; role: StaffRole }
  | { kind: "cli"; name: "cli" | "operator-token" };

/** The operator's bearer token, named as such wherever it acts (issue 30). */
export const OPERATOR_TOKEN: StaffActor = { kind: "cli", name: "operator-token" };

/** One thing done: what, to what, and how it looked before and after. */
export type AuditEntry = {
  action: string;
  subjectType:
    | "order"
    | "customer"
    | "staff"
    | "product"
    | "promotion"
    | "settings"
    | "picture"
    | "newsletter"
    | "catalog"
    | "review";
  subjectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string;
};

/**
 * Records what a staff member did, in the transaction of the change itself, so the change and
 * its record are kept together or not at all (issue 30, decision 041). The table refuses
 * UPDATE and DELETE (migration 0022).
 */
export async function recordAudit(db: Database | Transaction, actor: StaffActor, entry: AuditEntry) {
  await db.insert(staffAudit).values({
    staffId: actor.kind === "staff" ? actor.id : null,
    actor: actor.kind === "staff" ? actor.email : actor.name,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? "",
  });
}

/** A thing's history, oldest first, as shown on its page in the back office. */
export async function auditOf(db: Database, subjectType: AuditEntry["subjectType"], subjectId: string) {
  return db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.subjectType, subjectType), eq(staffAudit.subjectId, subjectId)))
    .orderBy(asc(staffAudit.at), asc(staffAudit.id));
}
