import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

/**
 * The shop's mail, kept in the database until it is out (issue 11). `queue` writes a message in
 * the caller's transaction, so an order and its confirmation are stored together or not at all;
 * `send` queues on its own and tries at once. `deliver` sends what is due; a message that fails
 * waits longer each time (30 s, 1 min, 2 min… at most an hour) and is never dropped.
 *
 * Several processes may deliver at once: each takes a few messages with a short lease (`FOR
 * UPDATE SKIP LOCKED`), so no two take the same one. A process that dies while sending leaves the
 * lease to run out and another sends the message again: mail goes out at least once.
 */
export type MailOutbox = Mailer & {
  /** Queues a message in the caller's transaction; with a key, only the first one is kept. */
  queue(db: Database | Transaction, message: MailMessage, key?: string): Promise<void>;
  /**
   * Queues many messages in the caller's transaction (a newsletter's), a few hundred rows a
   * statement, taking them from `messages` as it goes: only one statement's are held at a time.
   */
  queueAll(
    db: Database | Transaction,
    messages: Iterable<{ message: MailMessage; key: string }>,
  ): Promise<void>;
  /** Sends every message that is due; resolves when there is none left to take. */
  deliver(): Promise<{ sent: number; failed: number }>;
  /**
   * Delivers every few seconds (what an earlier process left, retries) until the returned stop,
   * which takes no more mail and resolves once the message being sent is marked sent (a process
   * that closed its database first would send it again after the lease).
   */
  start(everyMs?: number): () => Promise<void>;
};

export const LEASE_MS = 2 * 60 * 1000;
const FIRST_RETRY_MS = 30 * 1000;
const LONGEST_WAIT_MS = 60 * 60 * 1000;
/** Sent mail is kept this long (to answer "did my mail go out?"), then swept. */
export const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000;
/** How often a process sweeps: not on every round, which a busy shop runs once per order. */
export const SWEEP_EVERY_MS = 10 * 60 * 1000;
const BATCH = 10;
/** Rows per INSERT when queueing many: 7 parameters each, far under PostgreSQL's 65,535. */
const QUEUE_CHUNK = 500;

/** How long a message waits after its n-th failed attempt. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
}

type Row = typeof mailOutbox.$inferSelect;

export function createMailOutbox(deps: {
  db: Database;
  /** Where mail really goes: SMTP, or the local folder (`mailer.ts`). */
  transport: Mailer;
  logger: Logger;
  now?: () => Date;
}): MailOutbox {
  const { db, transport, logger, now = () => new Date() } = deps;

  /** Takes up to `limit` due messages (or the one named) for a lease, counting the attempt. */
  async function take(limit: number, id?: string): Promise<Row[]> {
    const at = now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          lte(mailOutbox.nextAttemptAt, at),
          id ? eq(mailOutbox.id, id) : undefined,
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        nextAttemptAt: new Date(at.getTime() + LEASE_MS),
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function sendRow(row: Row): Promise<boolean> {
    try {
      await transport.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.headers ? { headers: row.headers } : {}),
      });
    } catch (error) {
      const wait = retryDelayMs(row.attempts);
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now().getTime() + wait), lastError: describe(error) })
        .where(eq(mailOutbox.id, row.id));
      logger.warn(
        { err: error, to: row.recipient, attempts: row.attempts, retryInMs: wait },
        "mail not sent",
      );
      return false;
    }
    await db.update(mailOutbox).set({ sentAt: now(), lastError: null }).where(eq(mailOutbox.id, row.id));
    return true;
  }

  let running: Promise<{ sent: number; failed: number }> | undefined;
  let again = false;
  let stopped = false;
  let sweptAt = Number.NEGATIVE_INFINITY;

  /** Deletes mail sent longer ago than it is kept, at most once every `SWEEP_EVERY_MS`. */
  async function sweep(): Promise<void> {
    const at = now().getTime();
    if (at - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = at;
    await db
      .delete(mailOutbox)
      .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, new Date(at - KEEP_SENT_MS))));
  }

  async function deliverAll(): Promise<{ sent: number; failed: number }> {
    const total = { sent: 0, failed: 0 };
    // A call during the round (even during the sweep below) asks for one more: nothing queued
    // meanwhile waits for the next tick. The round ends in the same step as its last check.
    try {
      do {
        again = false;
        for (let rows = await take(BATCH); rows.length > 0 && !stopped; rows = await take(BATCH)) {
          for (const row of rows) {
            // Taken but not sent once stopping: its lease runs out and the next process sends it.
            if (stopped) break;
            if (await sendRow(row)) total.sent++;
            else total.failed++;
          }
        }
        await sweep();
      } while (again && !stopped);
    } finally {
      running = undefined;
    }
    return total;
  }

  /** A message as its outbox row, due now. */
  const rowOf = (message: MailMessage, key?: string) => ({
    key: key ?? null,
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers ?? null,
    nextAttemptAt: now(),
  });

  const outbox: MailOutbox = {
    async queue(tx, message, key) {
      await tx.insert(mailOutbox).values(rowOf(message, key)).onConflictDoNothing({ target: mailOutbox.key });
    },
    async queueAll(tx, messages) {
      const insert = (rows: ReturnType<typeof rowOf>[]) =>
        tx.insert(mailOutbox).values(rows).onConflictDoNothing({ target: mailOutbox.key });
      let rows: ReturnType<typeof rowOf>[] = [];
      for (const { message, key } of messages) {
        rows.push(rowOf(message, key));
        if (rows.length === QUEUE_CHUNK) {
          await insert(rows);
          rows = [];
        }
      }
      if (rows.length > 0) await insert(rows);
    },
    async send(message) {
      const [row] = await db.insert(mailOutbox).values(rowOf(message)).returning({ id: mailOutbox.id });
      if (!row) return;
      // Tried at once, so a reset link arrives while the shopper waits; a failure stays queued.
      const [taken] = await take(1, row.id);
      if (taken) await sendRow(taken);
    },
    deliver() {
      if (stopped) return Promise.resolve({ sent: 0, failed: 0 });
      // One round at a time per process; a call during a round asks for one more.
      if (running) {
        again = true;
        return running;
      }
      running = deliverAll();
      return running;
    },
    start(everyMs = 5000) {
      const round = () =>
        void outbox.deliver().catch((error: unknown) => logger.error({ err: error }, "mail delivery failed"));
      round();
      const timer = setInterval(round, everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        stopped = true;
        await running?.catch(() => undefined);
      };
    },
  };
  return outbox;
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
