import { Hono } from "hono";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";

/** The back office's API (issue 30): one order's page and its actions (ship, deliver, cancel, refunds, returns, notes, packing slip). Being built this session. */
export function orderActionRoutes(_deps: BackOfficeDeps) {
  return new Hono<StaffEnv>();
}
