import type { Auth } from "../auth/auth.ts";
import type { SignInThrottle } from "../auth/sign-in-throttle.ts";
import type { Database } from "../db/client.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import { createStaffAuth, type StaffAuth } from "./staff-auth.ts";
import {
  createRequireStaff,
  type RequireStaff,
  type StaffSessionCache,
  type StaffSessionReader,
  staffSessionReader,
} from "./staff-guard.ts";

/**
 * The back office's identity, made once per API (app.ts): its better-auth, the reader of its
 * sessions, and the guard every back-office route puts in front of itself.
 */
export type StaffIdentity = {
  auth: StaffAuth;
  readStaff: StaffSessionReader;
  requireStaff: RequireStaff;
  /** Forgets a staff member's kept sessions in this process at once (their change is committed). */
  forget: (staffId: string) => void;
};

/**
 * Made beside the shop's auth, with the shop's secret, origins and password limits (and its rate
 * limits on or off as the shop's are), so the server and the tests need nothing more.
 */
export function createStaffIdentity(deps: {
  db: Database;
  shopAuth: Auth;
  origins: OriginPolicy;
  throttle: SignInThrottle;
  /** Kept sessions, dropped by the database's announcements (server/parts/identity.ts). */
  sessionCache: StaffSessionCache;
}): StaffIdentity {
  const { secret } = deps.shopAuth.options;
  if (!secret) throw new Error("better-auth has no secret");
  const auth = createStaffAuth({
    db: deps.db,
    secret,
    origins: deps.origins,
    rateLimited: deps.shopAuth.options.rateLimit?.enabled ?? true,
    throttle: deps.throttle,
    onSessionsChanged: (staffId) => deps.sessionCache.dropUser(staffId),
  });
  const readStaff = staffSessionReader(auth, deps.sessionCache);
  return {
    auth,
    readStaff,
    requireStaff: createRequireStaff(readStaff),
    forget: (staffId) => deps.sessionCache.dropUser(staffId),
  };
}
