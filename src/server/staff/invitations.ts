import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, notExists } from "drizzle-orm";
import type {
  InvitationCreated,
  InvitationView,
  OpenInvitation,
  StaffRoleName,
} from "#shared/api/staff-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { recordAudit, type StaffActor } from "../audit/staff-audit.ts";
import type { Database } from "../db/client.ts";
import { staffAccount, staffInvitation, staffUser } from "../db/schema.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import { invitationLink, invitationMail } from "./invitation-mail.ts";

/** An invitation's link works for three days, once. */
export const INVITATION_HOURS = 72;

/** Only the token's SHA-256 is kept: a copy of the table opens no invitation. */
export const hashInvitationToken = (token: string): string =>
  createHash("sha256").update(token).digest("hex");

export type InvitationDeps = { db: Database; now: () => Date };

export type NewInvitation = {
  email: string;
  role: StaffRoleName;
  actor: StaffActor;
  /** Where the link points (the shop's public origin). */
  origin: string;
  /** The mail is queued with the invitation; the command line prints the link instead. */
  mail?: { outbox: Pick<MailOutbox, "queue">; lang: Lang };
};

export type InvitationResult =
  | { kind: "created"; invitation: InvitationCreated; link: string }
  | { kind: "already-staff" };

/**
 * Invites someone to the back office (issue 30): the invitation, its mail and its audit entry in
 * one transaction. An address that already has a staff account is not invited again.
 */
export async function inviteStaff(
  { db, now }: InvitationDeps,
  invite: NewInvitation,
): Promise<InvitationResult> {
  const token = randomBytes(32).toString("base64url");
  const link = invitationLink(invite.origin, token);
  const expiresAt = new Date(now().getTime() + INVITATION_HOURS * 60 * 60 * 1000);
  return db.transaction(async (tx): Promise<InvitationResult> => {
    const [existing] = await tx
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(eq(staffUser.email, invite.email));
    if (existing) return { kind: "already-staff" };
    const [row] = await tx
      .insert(staffInvitation)
      .values({
        email: invite.email,
        role: invite.role,
        tokenHash: hashInvitationToken(token),
        invitedBy: invite.actor.kind === "staff" ? invite.actor.id : null,
        expiresAt,
      })
      .returning({ id: staffInvitation.id });
    if (!row) throw new Error("the invitation was not stored");
    if (invite.mail) {
      const message = invitationMail(invite.email, invite.role, link, invite.mail.lang);
      await invite.mail.outbox.queue(tx, message, `staff-invitation:${row.id}`);
    }
    await recordAudit(tx, invite.actor, {
      action: "staff.invite",
      subjectType: "staff",
      subjectId: invite.email,
      after: {
        invitationId: row.id,
        email: invite.email,
        role: invite.role,
        expiresAt: expiresAt.toISOString(),
      },
    });
    const invitation = {
      id: row.id,
      email: invite.email,
      role: invite.role,
      expiresAt: expiresAt.toISOString(),
    };
    return { kind: "created", invitation, link };
  });
}

/**
 * The invitations still waiting for their person, newest first: not used, not expired, and for an
 * address that has no account yet (another of its invitations may have made it).
 */
export async function listOpenInvitations({ db, now }: InvitationDeps): Promise<OpenInvitation[]> {
  const rows = await db
    .select()
    .from(staffInvitation)
    .where(
      and(
        isNull(staffInvitation.acceptedAt),
        gt(staffInvitation.expiresAt, now()),
        notExists(db.select().from(staffUser).where(eq(staffUser.email, staffInvitation.email))),
      ),
    )
    .orderBy(desc(staffInvitation.createdAt), desc(staffInvitation.id));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

export type InvitationState = { kind: "open"; view: InvitationView } | { kind: "unknown" } | { kind: "gone" };

/** What a link's token opens: an invitation still open, one used or expired, or nothing. */
export async function readInvitation({ db, now }: InvitationDeps, token: string): Promise<InvitationState> {
  const [row] = await db
    .select()
    .from(staffInvitation)
    .where(eq(staffInvitation.tokenHash, hashInvitationToken(token)));
  if (!row) return { kind: "unknown" };
  if (row.acceptedAt || row.expiresAt <= now()) return { kind: "gone" };
  return { kind: "open", view: { email: row.email, role: row.role } };
}

export type Acceptance =
  | { kind: "accepted"; user: { id: string; email: string; name: string; role: StaffRoleName } }
  | { kind: "unknown" }
  | { kind: "gone" }
  | { kind: "already-staff" };

/** Thrown inside the transaction to undo the invitation's use when the account cannot be made. */
class AlreadyStaff extends Error {}

/**
 * Accepts an invitation: it is marked used (only if it was not, and has not expired) and the
 * staff account and its password are made, in one transaction, so two accepts at once make one
 * account and the other is told the invitation is gone. `passwordHash` is better-auth's own.
 */
export async function acceptInvitation(
  { db, now }: InvitationDeps,
  token: string,
  person: { name: string; passwordHash: string },
): Promise<Acceptance> {
  const tokenHash = hashInvitationToken(token);
  const at = now();
  try {
    return await db.transaction(async (tx): Promise<Acceptance> => {
      const [used] = await tx
        .update(staffInvitation)
        .set({ acceptedAt: at })
        .where(
          and(
            eq(staffInvitation.tokenHash, tokenHash),
            isNull(staffInvitation.acceptedAt),
            gt(staffInvitation.expiresAt, at),
          ),
        )
        .returning();
      if (!used) {
        const [known] = await tx
          .select({ id: staffInvitation.id })
          .from(staffInvitation)
          .where(eq(staffInvitation.tokenHash, tokenHash));
        return { kind: known ? "gone" : "unknown" };
      }
      const [existing] = await tx
        .select({ id: staffUser.id })
        .from(staffUser)
        .where(eq(staffUser.email, used.email));
      if (existing) throw new AlreadyStaff();
      const user = { id: randomUUID(), email: used.email, name: person.name, role: used.role };
      await tx.insert(staffUser).values({ ...user, emailVerified: true });
      await tx.insert(staffAccount).values({
        id: randomUUID(),
        accountId: user.id,
        providerId: "credential",
        userId: user.id,
        password: person.passwordHash,
        updatedAt: at,
      });
      await recordAudit(
        tx,
        { kind: "staff", id: user.id, email: user.email, role: user.role },
        {
          action: "staff.join",
          subjectType: "staff",
          subjectId: user.id,
          after: { invitationId: used.id, email: user.email, name: user.name, role: user.role },
        },
      );
      return { kind: "accepted", user };
    });
  } catch (error) {
    if (error instanceof AlreadyStaff || isUniqueViolation(error)) return { kind: "already-staff" };
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  return typeof cause === "object" && cause !== null && "code" in cause && cause.code === "23505";
}
