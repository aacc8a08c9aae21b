import { and, asc, eq, isNull } from "drizzle-orm";
import type { StaffMember } from "#shared/api/staff-contract.ts";
import { recordAudit } from "../audit/staff-audit.ts";
import type { Database } from "../db/client.ts";
import { staffSession, staffUser } from "../db/schema.ts";
import type { SignedInStaff } from "./staff-guard.ts";

type StaffRow = typeof staffUser.$inferSelect;

const memberOf = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  twoFactorEnabled: row.twoFactorEnabled,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Everyone with a staff account, those who left included (the audit names them), oldest first. */
export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db.select().from(staffUser).orderBy(asc(staffUser.createdAt), asc(staffUser.id));
  return rows.map(memberOf);
}

export type Disabling =
  | { kind: "disabled"; member: StaffMember }
  | { kind: "unknown" }
  | { kind: "own-account" }
  | { kind: "already-disabled" };

/**
 * A staff member who left: they sign in no more and their open sessions end now, recorded in
 * the audit with the same transaction. An owner cannot lock themselves out this way.
 */
export async function disableStaff(
  db: Database,
  actor: SignedInStaff,
  id: string,
  at: Date,
): Promise<Disabling> {
  if (id === actor.id) return { kind: "own-account" };
  return db.transaction(async (tx): Promise<Disabling> => {
    const [row] = await tx
      .update(staffUser)
      .set({ disabledAt: at })
      .where(and(eq(staffUser.id, id), isNull(staffUser.disabledAt)))
      .returning();
    if (!row) {
      const [known] = await tx.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.id, id));
      return { kind: known ? "already-disabled" : "unknown" };
    }
    const ended = await tx
      .delete(staffSession)
      .where(eq(staffSession.userId, id))
      .returning({ id: staffSession.id });
    await recordAudit(tx, actor, {
      action: "staff.disable",
      subjectType: "staff",
      subjectId: id,
      before: { email: row.email, role: row.role, disabledAt: null },
      after: { email: row.email, role: row.role, disabledAt: at.toISOString(), sessionsEnded: ended.length },
    });
    return { kind: "disabled", member: memberOf(row) };
  });
}
