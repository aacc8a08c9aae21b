import { Hono } from "hono";
import {
  type ModerationList,
  moderationParamSchema,
  moderationQuerySchema,
} from "#shared/api/review-contract.ts";
import { apiError, validate } from "../http/validate.ts";
import { moderateReview, moderationList } from "../reviews/review-store.ts";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";

const notFound = apiError("review-not-found", "No such review");

/**
 * The back office's review moderation (issue 33): every staff member (they handle customers) sees
 * the reviews, pending first, and approves or rejects them, audited.
 */
export function reviewModerationRoutes({ db, now }: BackOfficeDeps) {
  return new Hono<StaffEnv>()
    .get("/", validate("query", moderationQuerySchema), async (c) => {
      const body: ModerationList = { reviews: await moderationList(db, c.req.valid("query").status) };
      return c.json(body);
    })
    .post("/:id/:decision", validate("param", moderationParamSchema), async (c) => {
      const { id, decision } = c.req.valid("param");
      const status = await moderateReview(db, { id, decision, actor: c.get("staff"), now: now() });
      return status ? c.json({ id, status }) : c.json(notFound, 404);
    });
}
