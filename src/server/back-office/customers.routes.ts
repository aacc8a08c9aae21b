import { Hono } from "hono";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";

/** The back office's API (issue 30): the customers: list, page, export of their data, erasure. Being built this session. */
export function customerRoutes(_deps: BackOfficeDeps) {
  return new Hono<StaffEnv>();
}
