import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { verification } from "../db/schema.ts";

/** How long a mailed code works, counted from its last sending. */
export const ADDRESS_CODE_MINUTES = 30;
/** Wrong codes one proof takes in all (across resends): 5 guesses in a million. */
export const ADDRESS_CODE_ATTEMPTS = 5;
/** Codes one proof mails at most before it lapses. */
export const ADDRESS_CODE_SENDS = 5;

/**
 * What proves an address, kept in better-auth's `verification` table: the code (hashed), whom it
 * proves (`userId` null for a sign-up with a known address, which nothing can prove), and what
 * it has been through. Keyed by the sign-up's browser secret or by the signed-in account.
 */
const proofSchema = z.object({
  userId: z.string().nullable(),
  email: z.string(),
  code: z.string(),
  attempts: z.number().int(),
  sends: z.number().int(),
});
export type Proof = z.infer<typeof proofSchema>;

/** The key of the proof a sign-up started in one browser (the secret it holds, hashed). */
export const signUpProofKey = (secret: string) => `address-proof:${hash(secret)}`;
/** The key of the proof a signed-in account asked for. */
export const accountProofKey = (userId: string) => `address-proof:user:${userId}`;

/** A browser's secret for the proof its sign-up started. */
export const newProofSecret = () => randomBytes(32).toString("base64url");

function hash(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}

/** Six digits, spaces and dashes the shopper may type left out. */
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

type Row = Pick<typeof verification.$inferSelect, "id" | "value" | "expiresAt">;

async function readRow(db: Database, key: string, now: Date): Promise<(Row & { proof: Proof }) | null> {
  const [row] = await db
    .select({ id: verification.id, value: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, key))
    .limit(1);
  if (!row || row.expiresAt <= now) return null;
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    return null;
  }
  const proof = proofSchema.safeParse(value);
  return proof.success ? { ...row, proof: proof.data } : null;
}

/** The live proof under `key`, if any. */
export async function readProof(db: Database, key: string, now: Date): Promise<Proof | null> {
  return (await readRow(db, key, now))?.proof ?? null;
}

/**
 * Stores a new code under `key` (the proof's counts carried over when it is a resend) and answers
 * it, to be mailed; or null when the proof has mailed all it may.
 */
export async function issueCode(
  db: Database,
  key: string,
  whom: { userId: string | null; email: string },
  now: Date,
): Promise<string | null> {
  const before = await readRow(db, key, now);
  const sends = (before?.proof.sends ?? 0) + 1;
  if (sends > ADDRESS_CODE_SENDS) return null;
  // A proof with no one to prove keeps a code nobody has, so it is checked like any other.
  const code = newCode();
  const proof: Proof = {
    ...whom,
    code: hash(whom.userId ? code : newProofSecret()),
    attempts: before?.proof.attempts ?? 0,
    sends,
  };
  const expiresAt = new Date(now.getTime() + ADDRESS_CODE_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, key));
    await tx
      .insert(verification)
      .values({ id: randomUUID(), identifier: key, value: JSON.stringify(proof), expiresAt });
  });
  return code;
}

/**
 * Checks a typed code against the proof under `key`. Each check first takes one of the proof's
 * attempts in a compare-and-set, so requests sent together cannot guess more than the limit; a
 * right code is used up in the same way. Answers the proof it matched, or null.
 */
export async function spendCode(db: Database, key: string, typed: string, now: Date): Promise<Proof | null> {
  const taken = await takeAttempt(db, key, now);
  if (!taken) return null;
  const given = Buffer.from(hash(normalizeCode(typed)));
  const stored = Buffer.from(taken.proof.code);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  const used = await db
    .delete(verification)
    .where(and(eq(verification.id, taken.id), eq(verification.value, taken.value)))
    .returning({ id: verification.id });
  return used.length === 1 ? taken.proof : null;
}

async function takeAttempt(db: Database, key: string, now: Date): Promise<(Row & { proof: Proof }) | null> {
  for (let tries = 0; tries < 5; tries++) {
    const row = await readRow(db, key, now);
    if (!row || row.proof.attempts >= ADDRESS_CODE_ATTEMPTS) return null;
    const proof = { ...row.proof, attempts: row.proof.attempts + 1 };
    const value = JSON.stringify(proof);
    const updated = await db
      .update(verification)
      .set({ value })
      .where(and(eq(verification.id, row.id), eq(verification.value, row.value)))
      .returning({ id: verification.id });
    if (updated.length === 1) return { ...row, value, proof };
  }
  return null;
}
