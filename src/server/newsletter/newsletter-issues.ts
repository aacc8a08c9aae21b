import { createHash } from "node:crypto";
import { count, desc, eq } from "drizzle-orm";
import {
  ISSUES_PAGE_SIZE,
  type IssueDraft,
  type IssueList,
  type IssueView,
} from "#shared/api/back-office-newsletter-contract.ts";
import { recordAudit, type StaffActor } from "../audit/staff-audit.ts";
import type { Database, Transaction } from "../db/client.ts";
import { newsletterIssues } from "../db/schema.ts";
import { apiError } from "../http/validate.ts";
import type { MailOutbox } from "../mail/mail-outbox.ts";
import { newsletterMail, type Subscriber } from "./newsletter-mails.ts";
import { confirmedSubscribers } from "./newsletter-repository.ts";

/** Why an issue was not sent: nobody to send it to, or it was sent already (decision 054). */
export const noRecipients = apiError("no-recipients", "No confirmed subscriber to send the issue to");
export const alreadySent = apiError("issue-already-sent", "This issue was already sent");

export type SendOutcome =
  | { kind: "sent"; issue: IssueView }
  /** This id, or these very words, were sent before: that issue, and nothing sent now. */
  | { kind: "already-sent"; issue: IssueView }
  | { kind: "no-recipients" };

/**
 * Sends an issue to every confirmed subscriber (issue 32, decision 054): one mail each, in their
 * language, with their own unsubscribe link (`newsletterMail`), queued in the mail outbox in the
 * transaction that keeps the issue and its audit, so all of it is kept or none. The issue's id
 * and its words are unique: a second send of the same issue (a double click, two tabs, a retried
 * request) waits for the first to commit and then finds it, and sends nothing.
 */
export async function sendIssue(
  { db, mail }: { db: Database; mail: Pick<MailOutbox, "queueAll"> },
  input: { id: string; draft: IssueDraft; origin: string; actor: StaffActor; now: Date },
): Promise<SendOutcome> {
  const { id, draft, actor } = input;
  return db.transaction(async (tx): Promise<SendOutcome> => {
    const subscribers = await confirmedSubscribers(tx);
    if (subscribers.length === 0) return { kind: "no-recipients" };
    const hash = contentHash(draft);
    const [row] = await tx
      .insert(newsletterIssues)
      .values({
        id,
        subjectEs: draft.es.subject,
        bodyEs: draft.es.body,
        subjectPt: draft.pt.subject,
        bodyPt: draft.pt.body,
        contentHash: hash,
        sentByStaffId: actor.kind === "staff" ? actor.id : null,
        sentBy: actor.kind === "staff" ? actor.email : actor.name,
        sentAt: input.now,
        recipients: subscribers.length,
      })
      // Either key taken: the same send again, or the same words sent before.
      .onConflictDoNothing()
      .returning();
    if (!row) return { kind: "already-sent", issue: await earlierIssue(tx, id, hash) };
    await mail.queueAll(tx, issueMails(subscribers, draft, id, input.origin));
    const byLanguage = { es: 0, pt: 0 };
    for (const subscriber of subscribers) byLanguage[subscriber.locale]++;
    await recordAudit(tx, actor, {
      action: "newsletter.send",
      subjectType: "newsletter",
      subjectId: id,
      after: { recipients: subscribers.length, ...byLanguage, subject: draft.es.subject },
    });
    return { kind: "sent", issue: issueView(row) };
  });
}

/** Each subscriber's mail, made as the outbox takes them (a big list is never all in memory). */
function* issueMails(subscribers: readonly Subscriber[], draft: IssueDraft, id: string, origin: string) {
  for (const subscriber of subscribers) {
    const { subject, body } = draft[subscriber.locale];
    yield {
      message: newsletterMail(subscriber, origin, { subject, text: body }),
      key: `newsletter:${id}:${subscriber.token}`,
    };
  }
}

/** The four texts, in a fixed order: equal words give an equal hash. */
function contentHash(draft: IssueDraft): string {
  const texts = [draft.es.subject, draft.es.body, draft.pt.subject, draft.pt.body];
  return createHash("sha256").update(JSON.stringify(texts)).digest("hex");
}

async function earlierIssue(tx: Transaction, id: string, hash: string): Promise<IssueView> {
  const [byId] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  const [byWords] = byId
    ? [byId]
    : await tx.select().from(newsletterIssues).where(eq(newsletterIssues.contentHash, hash));
  if (!byWords) throw new Error(`newsletter issue ${id} conflicted with no issue`);
  return issueView(byWords);
}

/** The issues sent, newest first, a page at a time. */
export async function listIssues(db: Database, page: number): Promise<IssueList> {
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(newsletterIssues)
      .orderBy(desc(newsletterIssues.sentAt), desc(newsletterIssues.id))
      .limit(ISSUES_PAGE_SIZE)
      .offset((page - 1) * ISSUES_PAGE_SIZE),
    db.select({ total: count() }).from(newsletterIssues),
  ]);
  return {
    items: rows.map((row) => {
      const { es: _es, pt: _pt, ...listed } = issueView(row);
      return listed;
    }),
    total: counted[0]?.total ?? 0,
    page,
    pageSize: ISSUES_PAGE_SIZE,
  };
}

export async function findIssue(db: Database, id: string): Promise<IssueView | undefined> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return row ? issueView(row) : undefined;
}

function issueView(row: typeof newsletterIssues.$inferSelect): IssueView {
  return {
    id: row.id,
    subject: row.subjectEs,
    sentAt: row.sentAt.toISOString(),
    sentBy: row.sentBy,
    recipients: row.recipients,
    es: { subject: row.subjectEs, body: row.bodyEs },
    pt: { subject: row.subjectPt, body: row.bodyPt },
  };
}
