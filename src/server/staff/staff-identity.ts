import type { Auth } from "../auth/auth.ts";
import type { SignInThrottle } from "../auth/sign-in-throttle.ts";
import type { Database } from "../db/client.ts";
import type { OriginPolicy } from "../http/origin-policy.ts";
import { createStaffAuth, type StaffAuth } from "./staff-auth.ts";
import {
  createRequireStaff,
  type RequireStaff,
  type StaffSessionReader,
  staffSessionReader,
} from "./staff-guard.ts";

/**
 * The back office's identity, made once per API (app.ts): its better-auth, the reader of its
 * sessions, and the guard every back-office route puts in front of itself.
 */
export type StaffIdentity = { auth: StaffAuth; readStaff: StaffSessionReader; requireStaff: RequireStaff };

/**
 * Made beside the shop's auth, with the shop's secret, origins and password limits (and its rate
 * limits on or off as the shop's are), so the server and the tests need nothing more.
 */
export function createStaffIdentity(deps: {
  db: Database;
  shopAuth: Auth;
  origins: OriginPolicy;
  throttle: SignInThrottle;
}): StaffIdentity {
  const { secret } = deps.shopAuth.options;
  if (!secret) throw new Error("better-auth has no secret");
  const auth = createStaffAuth({
    db: deps.db,
    secret,
    origins: deps.origins,
    rateLimited: deps.shopAuth.options.rateLimit?.enabled ?? true,
    throttle: deps.throttle,
  });
  const readStaff = staffSessionReader(auth);
  return { auth, readStaff, requireStaff: createRequireStaff(readStaff) };
}
