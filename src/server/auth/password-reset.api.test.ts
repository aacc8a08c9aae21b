import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, like } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, verification } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { signUpShopper } from "../testing/test-users.ts";

/** A real SMTP server on a free port, keeping every message it receives. */
async function startSmtpServer() {
  const received: { to: string; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let api: TestApi;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const logger = createLogger({ LOG_LEVEL: "silent" });

beforeAll(async () => {
  smtp = await startSmtpServer();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: "Tienda <no-responder@example.com>",
    outboxDir: "",
    logger,
  });
  api = await createTestApi({ mailer });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });

/** A mail body as written, quoted-printable undone (soft line breaks, =XX escapes). */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const RESET_LINK = /\/login\?restablecer=/;

/** The token of the link in the last reset mail to `to`. */
async function linkTokenFor(to: string): Promise<string> {
  const resets = () =>
    smtp.received.filter((mail) => mail.to === to && RESET_LINK.test(decodeQuotedPrintable(mail.raw)));
  await expect.poll(() => resets().length > 0).toBe(true);
  const raw = decodeQuotedPrintable(resets().at(-1)?.raw ?? "");
  const token = /\/login\?restablecer=([\w-]+)/.exec(raw)?.[1];
  if (!token) throw new Error(`No reset link in:\n${raw}`);
  return token;
}

describe("password reset by email", () => {
  it("mails a link through SMTP that sets a new password and signs every device out", async () => {
    const email = "olvido@example.com";
    const session = await signUpShopper(api, email);
    expect((await api.request("/api/me", { headers: { cookie: session } })).status).toBe(200);

    const asked = await json("/api/auth/request-password-reset", { email }, { cookie: "lang=pt" });
    expect(asked.status).toBe(200);
    const token = await linkTokenFor(email);
    const mail =
      smtp.received.findLast((sent) => sent.to === email && RESET_LINK.test(decodeQuotedPrintable(sent.raw)))
        ?.raw ?? "";
    expect(mail).toMatch(/Subject: .*palavra-passe/);
    // The link opens the form in Portuguese, even in a browser that never chose it.
    expect(decodeQuotedPrintable(mail)).toMatch(/\/login\?restablecer=[\w-]+&lang=pt/);

    const common = await json("/api/auth/reset-password", { token, newPassword: "password123" });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON" });

    const reset = await json("/api/auth/reset-password", { token, newPassword: "robot-nuevo-2026" });
    expect(reset.status).toBe(200);
    expect((await api.request("/api/me", { headers: { cookie: session } })).status).toBe(401);
    expect((await json("/api/auth/sign-in/email", { email, password: "gato-robot-azul-7" })).status).toBe(
      401,
    );
    expect((await json("/api/auth/sign-in/email", { email, password: "robot-nuevo-2026" })).status).toBe(200);
    // The link proved the mailbox: a later sign-in link will not take this password away.
    const [owner] = await api.database.db.select().from(user).where(eq(user.email, email));
    expect(owner?.emailVerified).toBe(true);

    const again = await json("/api/auth/reset-password", { token, newPassword: "otra-clave-2026" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "INVALID_TOKEN" });
  });

  it("answers the same for an unknown address, and sends nothing", async () => {
    const before = smtp.received.length;
    const asked = await json("/api/auth/request-password-reset", { email: "nadie@example.com" });
    expect(asked.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before);
  });

  it("refuses a link after its hour is over", async () => {
    const email = "tarde@example.com";
    await json("/api/auth/sign-up/email", {
      name: "Tomás",
      lastName: "Tarde",
      email,
      password: "gato-robot-azul-7",
    });
    await json("/api/auth/request-password-reset", { email });
    const token = await linkTokenFor(email);
    await api.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `reset-password:${token}`));
    const late = await json("/api/auth/reset-password", { token, newPassword: "robot-nuevo-2026" });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: "INVALID_TOKEN" });
  });
});

describe("the outbox, without SMTP", () => {
  it("writes each message as an .eml file with its link", async () => {
    const dir = await mkdtemp(join(tmpdir(), "outbox-"));
    try {
      const mailer = createMailer({ from: "Tienda <no-responder@example.com>", outboxDir: dir, logger });
      await mailer.send({
        to: "ana@example.com",
        subject: "Cambia tu contraseña",
        text: "Elige una nueva: http://localhost:3000/login?restablecer=abc",
        html: "<p>Elige una nueva</p>",
      });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = decodeQuotedPrintable(await readFile(join(dir, files[0] ?? ""), "utf8"));
      expect(raw).toContain("To: ana@example.com");
      expect(raw).toContain("http://localhost:3000/login?restablecer=abc");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
