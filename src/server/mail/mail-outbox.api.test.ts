import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createTestApi } from "../testing/test-app.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { shopperWithOrder } from "../testing/test-orders.ts";
import { createMailOutbox, KEEP_SENT_MS, LEASE_MS, retryDelayMs, SWEEP_EVERY_MS } from "./mail-outbox.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

const logger = createLogger({ LOG_LEVEL: "silent" });
const message = (to: string): MailMessage => ({ to, subject: "Hola", text: "Texto", html: "<p>Texto</p>" });

/** A mail server that can be switched off, remembering what it took. */
function mailServer() {
  const received: MailMessage[] = [];
  const state = { down: false };
  const transport: Mailer = {
    async send(mail) {
      if (state.down) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      received.push(mail);
    },
  };
  return { transport, received, state };
}

/** A clock the test moves by hand. */
function clock(start = new Date("2026-11-24T10:00:00Z")) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

describe("the mail outbox", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
  });

  it("sends a message queued in a transaction only if the transaction commits", async () => {
    const server = mailServer();
    const outbox = createMailOutbox({ db: database.db, transport: server.transport, logger });
    await database.db
      .transaction(async (tx) => {
        await outbox.queue(tx, message("rolled-back@example.com"));
        throw new Error("the order failed");
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => outbox.queue(tx, message("committed@example.com")));
    expect(await outbox.deliver()).toEqual({ sent: 1, failed: 0 });
    expect(server.received.map((mail) => mail.to)).toEqual(["committed@example.com"]);
  });

  it("keeps a message the mail server refused, waits longer each time, and sends it once it is back", async () => {
    const server = mailServer();
    const time = clock();
    const outbox = createMailOutbox({ db: database.db, transport: server.transport, logger, now: time.now });
    server.state.down = true;
    await outbox.send(message("paciente@example.com"));
    const [first] = await database.db.select().from(mailOutbox);
    expect(first).toMatchObject({
      attempts: 1,
      sentAt: null,
      lastError: expect.stringContaining("ECONNREFUSED"),
    });
    expect(first?.nextAttemptAt.getTime()).toBe(time.now().getTime() + retryDelayMs(1));

    // Not due yet: nothing is tried.
    expect(await outbox.deliver()).toEqual({ sent: 0, failed: 0 });
    time.advance(retryDelayMs(1));
    expect(await outbox.deliver()).toEqual({ sent: 0, failed: 1 });
    const [second] = await database.db.select().from(mailOutbox);
    expect(second?.attempts).toBe(2);
    expect(second?.nextAttemptAt.getTime()).toBe(time.now().getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    server.state.down = false;
    time.advance(retryDelayMs(2));
    expect(await outbox.deliver()).toEqual({ sent: 1, failed: 0 });
    expect(server.received.map((mail) => mail.to)).toEqual(["paciente@example.com"]);
    expect(await outbox.deliver()).toEqual({ sent: 0, failed: 0 });
    const [sent] = await database.db.select().from(mailOutbox);
    expect(sent).toMatchObject({ attempts: 3, lastError: null });
    expect(sent?.sentAt).not.toBeNull();
  });

  it("never gives up on a message, waiting at most an hour between tries", () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(50)).toBe(60 * 60 * 1000);
  });

  it("sends again a message whose sender died before it was out, once its lease has run out", async () => {
    const time = clock();
    await database.db
      .insert(mailOutbox)
      .values({ ...row("huerfano@example.com"), nextAttemptAt: time.now() });
    // A process took it and died: its lease is on the row and no one sent it.
    const dying = createMailOutbox({
      db: database.db,
      transport: { send: () => new Promise(() => undefined) },
      logger,
      now: time.now,
    });
    void dying.deliver();
    await expect.poll(async () => (await database.db.select().from(mailOutbox))[0]?.attempts).toBe(1);

    const server = mailServer();
    const survivor = createMailOutbox({
      db: database.db,
      transport: server.transport,
      logger,
      now: time.now,
    });
    expect(await survivor.deliver()).toEqual({ sent: 0, failed: 0 });
    time.advance(LEASE_MS);
    expect(await survivor.deliver()).toEqual({ sent: 1, failed: 0 });
    expect(server.received.map((mail) => mail.to)).toEqual(["huerfano@example.com"]);
  });

  it("sends each message once when several processes deliver at the same time", async () => {
    const server = mailServer();
    await database.db
      .insert(mailOutbox)
      .values(Array.from({ length: 40 }, (_, index) => row(`cliente-${index}@example.com`)));
    const processes = Array.from({ length: 4 }, () =>
      createMailOutbox({ db: database.db, transport: server.transport, logger }),
    );
    const rounds = await Promise.all(processes.map((outbox) => outbox.deliver()));
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(40);
    expect(new Set(server.received.map((mail) => mail.to)).size).toBe(40);
    expect(server.received).toHaveLength(40);
  });

  it("stops taking mail when stopped, and marks the one being sent before it says it has stopped", async () => {
    let release: () => void = () => undefined;
    const sending: MailMessage[] = [];
    const transport: Mailer = {
      send: (mail) =>
        new Promise<void>((resolve) => {
          sending.push(mail);
          release = resolve;
        }),
    };
    const outbox = createMailOutbox({ db: database.db, transport, logger });
    await outbox.queue(database.db, message("primero@example.com"));
    await outbox.queue(database.db, message("segundo@example.com"));
    const stop = outbox.start(60_000);
    await expect.poll(() => sending.length).toBe(1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.filter((row) => row.sentAt !== null).map((row) => row.recipient)).toEqual([sending[0]?.to]);
    // The other waits for the next process; this one takes no more.
    expect(await outbox.deliver()).toEqual({ sent: 0, failed: 0 });
    expect(sending).toHaveLength(1);
  });

  it("sweeps mail sent longer ago than it is kept, once every few minutes, and keeps what is due or recent", async () => {
    const server = mailServer();
    const time = clock();
    const outbox = createMailOutbox({ db: database.db, transport: server.transport, logger, now: time.now });
    await outbox.send(message("antiguo@example.com"));
    time.advance(KEEP_SENT_MS - 60_000);
    await outbox.send(message("reciente@example.com"));
    server.state.down = true;
    await outbox.send(message("pendiente@example.com"));
    const recipients = async () =>
      (await database.db.select({ to: mailOutbox.recipient }).from(mailOutbox)).map((row) => row.to).sort();

    // The first round sweeps; the old message is a minute short of its time.
    await outbox.deliver();
    time.advance(2 * 60_000);
    // Past its time, but the last sweep was two minutes ago: not yet.
    await outbox.deliver();
    expect(await recipients()).toEqual([
      "antiguo@example.com",
      "pendiente@example.com",
      "reciente@example.com",
    ]);
    time.advance(SWEEP_EVERY_MS);
    await outbox.deliver();
    expect(await recipients()).toEqual(["pendiente@example.com", "reciente@example.com"]);
  });

  it("queues a keyed message once however often it is asked", async () => {
    const server = mailServer();
    const outbox = createMailOutbox({ db: database.db, transport: server.transport, logger });
    await database.db.transaction(async (tx) => {
      await outbox.queue(tx, message("una-vez@example.com"), "order:1:pagado");
      await outbox.queue(tx, message("una-vez@example.com"), "order:1:pagado");
    });
    await outbox.deliver();
    expect(server.received).toHaveLength(1);
  });
});

describe("order mail through the outbox", () => {
  it("takes the order while the mail server is down, and sends its confirmation once it is back", async () => {
    const server = mailServer();
    server.state.down = true;
    const api = await createTestApi({ mailer: server.transport });
    try {
      const { order } = await shopperWithOrder(api, "sin-correo@example.com", { 1: 1 });
      expect(order.status).toBe("pagado");
      const queued = await api.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.key, `order:${order.id}:pagado`));
      expect(queued).toHaveLength(1);
      expect(queued[0]?.recipient).toBe("sin-correo@example.com");
      expect(queued[0]?.subject).toContain(order.number);
      expect(queued[0]?.sentAt).toBeNull();
      server.state.down = false;
      // The next round (here forced: the retry is not due for 30 s) sends it.
      await api.database.db.update(mailOutbox).set({ nextAttemptAt: new Date() });
      // (The shopper's sign-up code, queued before the order, goes out in the same round.)
      await expect
        .poll(async () => {
          await api.deliverMail();
          return server.received.map((mail) => mail.subject).filter((subject) => subject.includes("pedido"));
        })
        .toEqual([expect.stringContaining(order.number)]);
    } finally {
      await api.close();
    }
  });
});

function row(to: string) {
  const { subject, text, html } = message(to);
  return { recipient: to, subject, text, html };
}
