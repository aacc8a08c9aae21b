import { LRUCache } from "lru-cache";
import type { SessionUser } from "#shared/api/account-contract.ts";

/** Whose a session is: a shopper (the default) or a staff member (the back office's own cache). */
type Owner = { id: string };

/** A session better-auth confirmed: whose it is, and until when it holds. */
export type CheckedSession<User extends Owner = SessionUser> = { user: User; expiresAt: Date };

export type SessionCacheOptions = {
  /** How long a confirmed session is trusted without asking the database again. */
  ttlMs?: number;
  maxSessions?: number;
  now?: () => number;
};

export type SessionCache<User extends Owner = SessionUser> = {
  /**
   * The session of this token: from memory when it was confirmed lately, else from `check` (the
   * database), kept unless a change reached the cache meanwhile. Unknown tokens are not kept.
   */
  read(token: string, check: () => Promise<CheckedSession<User> | null>): Promise<User | null>;
  /** The session of this token if it is kept and still trusted; never asks the database. */
  peek(token: string): User | undefined;
  /** A session or account of this user changed (sign-out, password, e-mail, name, deletion). */
  dropUser(userId: string): void;
  /** Changes may have been missed: trust nothing kept. */
  clear(): void;
  size(): number;
};

/** Trusted for a minute at most: changes announced by the database drop it sooner (decision 019). */
export const SESSION_CACHE_TTL_MS = 60_000;

/**
 * Confirmed sessions in memory, so a signed-in request costs no database round trip in the common
 * case. Every change to a user's sessions or account is announced by the database (migration
 * 0013), in every process, and drops that user's entries.
 */
export function createSessionCache<User extends Owner = SessionUser>({
  ttlMs = SESSION_CACHE_TTL_MS,
  maxSessions = 50_000,
  now = Date.now,
}: SessionCacheOptions = {}): SessionCache<User> {
  const tokensOf = new Map<string, Set<string>>();
  const sessions = new LRUCache<string, { user: User; until: number }>({
    max: maxSessions,
    dispose: (entry, token) => {
      const tokens = tokensOf.get(entry.user.id);
      tokens?.delete(token);
      if (tokens?.size === 0) tokensOf.delete(entry.user.id);
    },
  });
  /** Raised by every drop: a check that started before one is answered but not kept. */
  let generation = 0;

  return {
    async read(token, check) {
      const kept = sessions.get(token);
      if (kept && kept.until > now()) return kept.user;
      if (kept) sessions.delete(token);
      const startedAt = generation;
      const checked = await check();
      if (!checked) return null;
      const until = Math.min(now() + ttlMs, checked.expiresAt.getTime());
      if (generation === startedAt && until > now()) {
        sessions.set(token, { user: checked.user, until });
        const tokens = tokensOf.get(checked.user.id) ?? new Set();
        tokens.add(token);
        tokensOf.set(checked.user.id, tokens);
      }
      return checked.user;
    },
    peek(token) {
      const kept = sessions.get(token);
      return kept && kept.until > now() ? kept.user : undefined;
    },
    dropUser(userId) {
      generation += 1;
      for (const token of [...(tokensOf.get(userId) ?? [])]) sessions.delete(token);
    },
    clear() {
      generation += 1;
      sessions.clear();
      tokensOf.clear();
    },
    size: () => sessions.size,
  };
}

/**
 * A better-auth session cookie (`__Secure-` before its name on https): whether a Cookie header
 * carries one, without asking whether it is still valid (a request without one is signed out for
 * sure), and its value, or null when there is none or more than one (left to better-auth).
 */
export function sessionCookie(name: string) {
  const pattern = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${name.replaceAll(".", "\\.")}=([^;]*)`, "g");
  return {
    present: (cookieHeader: string): boolean => cookieHeader.includes(`${name}=`),
    tokenOf: (cookieHeader: string | null): string | null => {
      if (!cookieHeader) return null;
      const values = [...cookieHeader.matchAll(pattern)].map((match) => match[1] ?? "");
      return values.length === 1 && values[0] ? values[0] : null;
    },
  };
}

/** The shop's own: better-auth's default name. */
const shopSessionCookie = sessionCookie("better-auth.session_token");
export const mayHaveSession = shopSessionCookie.present;
export const sessionTokenOf = shopSessionCookie.tokenOf;

/**
 * The signed-in shopper a Cookie header names, from memory only: null without a session cookie,
 * undefined when the session is not kept (only better-auth can tell).
 */
export function keptSessionUser(cache: SessionCache, cookieHeader: string): SessionUser | null | undefined {
  if (!mayHaveSession(cookieHeader)) return null;
  const token = sessionTokenOf(cookieHeader);
  return token ? cache.peek(token) : undefined;
}
