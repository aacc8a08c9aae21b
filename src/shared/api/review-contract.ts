import { z } from "zod";
import { hasControlCharacters } from "../text.ts";

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;

/** A buyer's review, sent with the token of the invitation mailed after delivery (issue 33). */
export const reviewRequestSchema = z.object({
  token: z.uuid("token-invalid"),
  rating: z.coerce.number().int("rating-invalid").min(1, "rating-invalid").max(5, "rating-invalid"),
  text: z
    .string()
    .trim()
    .min(REVIEW_TEXT_MIN, "text-too-short")
    .max(REVIEW_TEXT_MAX, "text-too-long")
    .refine((text) => !hasControlCharacters(text.replace(/[\r\n\t]/g, " ")), "text-invalid"),
  /** First name and initial: «Ana G.». */
  name: z
    .string()
    .trim()
    .min(2, "name-required")
    .max(40, "name-too-long")
    .refine((name) => !hasControlCharacters(name), "name-invalid"),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export type ReviewResponse = { status: "pending" };

/** One approved review as product pages show it. */
export type PublicReview = { rating: number; text: string; name: string; date: string; language: string };

/** The approved reviews' average (one decimal) and count; null average when there are none. */
export type ReviewSummary = { average: number | null; count: number };

export type ProductReviews = ReviewSummary & { latest: PublicReview[] };

export const productIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The back office's moderation (issue 33). */
export type ModerationReview = {
  id: string;
  productId: number;
  productName: string;
  orderNumber: string | null;
  name: string;
  rating: number;
  text: string;
  language: string;
  status: "pending" | "approved" | "rejected";
  createdAt: string;
  moderatedBy: string | null;
  moderatedAt: string | null;
};
export type ModerationList = { reviews: ModerationReview[] };

export const moderationQuerySchema = z.object({
  status: z.enum(["pending", "approved", "rejected"]).optional(),
});
export const moderationParamSchema = z.object({
  id: z.uuid(),
  decision: z.enum(["approve", "reject"]),
});

/** The moderation list as the back office reads it (its answers are checked, decision 044). */
export const moderationListSchema = z.object({
  reviews: z.array(
    z.object({
      id: z.string(),
      productId: z.number(),
      productName: z.string(),
      orderNumber: z.string().nullable(),
      name: z.string(),
      rating: z.number(),
      text: z.string(),
      language: z.string(),
      status: z.enum(["pending", "approved", "rejected"]),
      createdAt: z.string(),
      moderatedBy: z.string().nullable(),
      moderatedAt: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<ModerationList>;

export const reviewsApi = {
  list: "/api/gestion/reviews",
  decide: (id: string, decision: "approve" | "reject") =>
    `/api/gestion/reviews/${encodeURIComponent(id)}/${decision}`,
} as const;
