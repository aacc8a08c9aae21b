import { Hono } from "hono";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";

/** The back office's API (issue 30): the order list (search, filters, paging) and its live stream of new orders. Being built this session. */
export function orderListRoutes(_deps: BackOfficeDeps) {
  return new Hono<StaffEnv>();
}
