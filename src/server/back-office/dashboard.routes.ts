import { Hono } from "hono";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";

/** The back office's API (issue 30): the dashboard's figures: today and the last 30 days, orders to ship, low stock. Being built this session. */
export function dashboardRoutes(_deps: BackOfficeDeps) {
  return new Hono<StaffEnv>();
}
