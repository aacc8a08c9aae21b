import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";

/**
 * A mail as written to the outbox: its header lines unfolded (a long address is written on the
 * next line, after "To:"), quoted-printable undone (its bytes read as UTF-8: «Registámos»).
 */
function decode(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const unfolded = head.replace(/:\r?\n[ \t]+/g, ": ").replace(/\r?\n[ \t]+/g, " ");
  const text = `${unfolded}${end === -1 ? "" : raw.slice(end)}`.replace(/=\r?\n/g, "");
  const pieces = text
    .split(/(=[0-9A-F]{2})/)
    .map((piece) =>
      /^=[0-9A-F]{2}$/.test(piece)
        ? Buffer.from([Number.parseInt(piece.slice(1), 16)])
        : Buffer.from(piece, "utf8"),
    );
  return Buffer.concat(pieces).toString("utf8");
}

/**
 * Waits (up to 10 s) for a mail to `to` whose text matches, and returns it decoded. `dir`: the
 * outbox of a shop a test file started itself, instead of the shared one. A plain loop, not
 * `expect.poll`, so that set-up hooks (`beforeAll`) can register shoppers too.
 */
export async function waitForMail(to: string, matching: RegExp, dir = inject("outboxDir")): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const files = await readdir(dir).catch(() => []);
    for (const file of files.sort().reverse()) {
      const mail = decode(await readFile(join(dir, file), "utf8"));
      if (mail.includes(`To: ${to}`) && matching.test(mail)) return mail;
    }
    if (Date.now() > until) throw new Error(`No mail to ${to} matching ${matching} in ${dir}`);
    await sleep(100);
  }
}

/** How many mails to `to` match, now (to show that one was not sent). */
export async function mailsTo(to: string, matching: RegExp, dir = inject("outboxDir")): Promise<number> {
  let found = 0;
  for (const file of await readdir(dir).catch(() => [])) {
    const mail = decode(await readFile(join(dir, file), "utf8"));
    if (mail.includes(`To: ${to}`) && matching.test(mail)) found++;
  }
  return found;
}
