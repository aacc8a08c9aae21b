import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type {
  ModerationReview,
  ProductReviews,
  ReviewRequest,
  ReviewSummary,
} from "#shared/api/review-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { recordAudit, type StaffActor } from "../audit/staff-audit.ts";
import type { Database } from "../db/client.ts";
import { review, reviewInvitation, shopOrder } from "../db/schema.ts";

/** Statuses of an order that was delivered: its lines may be reviewed. */
export const DELIVERED_STATUSES = ["entregado", "devolucion-solicitada", "devuelto"] as const;

/** How many approved reviews a product page shows. */
export const LATEST_REVIEWS = 5;

export type Invitation = {
  token: string;
  orderId: string;
  position: number;
  productId: number;
  productName: string;
  locale: Lang;
  reviewed: boolean;
};

/** The invitation of a token, only while its order is delivered; whether its line was reviewed. */
export async function findInvitation(db: Database, token: string): Promise<Invitation | undefined> {
  const [row] = await db
    .select({
      token: reviewInvitation.token,
      orderId: reviewInvitation.orderId,
      position: reviewInvitation.position,
      productId: reviewInvitation.productId,
      productName: reviewInvitation.productName,
      locale: reviewInvitation.locale,
      reviewId: review.id,
    })
    .from(reviewInvitation)
    .innerJoin(shopOrder, eq(shopOrder.id, reviewInvitation.orderId))
    .leftJoin(
      review,
      and(eq(review.orderId, reviewInvitation.orderId), eq(review.position, reviewInvitation.position)),
    )
    .where(and(eq(reviewInvitation.token, token), inArray(shopOrder.status, [...DELIVERED_STATUSES])));
  if (!row) return undefined;
  const { reviewId, ...invitation } = row;
  return { ...invitation, reviewed: reviewId !== null };
}

export type SubmitOutcome = "pending" | "unknown-invitation" | "already-reviewed";

/** A verified buyer's review of one delivered line, held for moderation; once per line. */
export async function submitReview(db: Database, request: ReviewRequest, now: Date): Promise<SubmitOutcome> {
  const invitation = await findInvitation(db, request.token);
  if (!invitation) return "unknown-invitation";
  const inserted = await db
    .insert(review)
    .values({
      productId: invitation.productId,
      orderId: invitation.orderId,
      position: invitation.position,
      authorName: request.name,
      rating: request.rating,
      text: request.text,
      language: invitation.locale,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [review.orderId, review.position] })
    .returning({ id: review.id });
  return inserted.length > 0 ? "pending" : "already-reviewed";
}

const average = sql<string | null>`round(avg(${review.rating})::numeric, 1)`;

function toSummary(row: { average: string | null; count: number } | undefined): ReviewSummary {
  const count = Number(row?.count ?? 0);
  return { average: row?.average == null || count === 0 ? null : Number(row.average), count };
}

/** The approved reviews' average and count, of one product or of the whole shop. */
export async function reviewSummary(db: Database, productId?: number): Promise<ReviewSummary> {
  const [row] = await db
    .select({ average, count: sql<number>`count(*)::int` })
    .from(review)
    .where(
      and(
        eq(review.status, "approved"),
        productId === undefined ? undefined : eq(review.productId, productId),
      ),
    );
  return toSummary(row);
}

/**
 * What a product page shows of its reviews: the approved ones' figures and the latest few, in one
 * statement (a page not yet kept asks for it on its path): the window's count and average are
 * taken over every approved review before the limit keeps the latest.
 */
export async function productReviews(db: Database, productId: number): Promise<ProductReviews> {
  const latest = await db
    .select({
      rating: review.rating,
      text: review.text,
      name: review.authorName,
      createdAt: review.createdAt,
      language: review.language,
      average: sql<string | null>`round(avg(${review.rating}) over ()::numeric, 1)`,
      count: sql<number>`count(*) over ()::int`,
    })
    .from(review)
    .where(and(eq(review.productId, productId), eq(review.status, "approved")))
    .orderBy(desc(review.createdAt))
    .limit(LATEST_REVIEWS);
  return {
    ...toSummary(latest[0]),
    latest: latest.map(({ createdAt, average: _average, count: _count, ...rest }) => ({
      ...rest,
      date: createdAt.toISOString(),
    })),
  };
}

/** The moderation list: pending first (oldest first), then the rest newest first. */
export async function moderationList(
  db: Database,
  status?: ModerationReview["status"],
): Promise<ModerationReview[]> {
  const rows = await db
    .select({
      id: review.id,
      productId: review.productId,
      productName: reviewInvitation.productName,
      orderNumber: shopOrder.number,
      name: review.authorName,
      rating: review.rating,
      text: review.text,
      language: review.language,
      status: review.status,
      createdAt: review.createdAt,
      moderatedBy: review.moderatedBy,
      moderatedAt: review.moderatedAt,
    })
    .from(review)
    .innerJoin(shopOrder, eq(shopOrder.id, review.orderId))
    .innerJoin(
      reviewInvitation,
      and(eq(reviewInvitation.orderId, review.orderId), eq(reviewInvitation.position, review.position)),
    )
    .where(status ? eq(review.status, status) : undefined)
    .orderBy(
      sql`case when ${review.status} = 'pending' then 0 else 1 end`,
      sql`case when ${review.status} = 'pending' then ${review.createdAt} end asc`,
      desc(review.createdAt),
    )
    .limit(200);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
  }));
}

/**
 * Approves or rejects a review, audited in the same transaction. The status change is announced
 * on `stock_changes` by the database (migration 0030): its product's kept pages are dropped.
 */
export async function moderateReview(
  db: Database,
  input: { id: string; decision: "approve" | "reject"; actor: StaffActor; now: Date },
): Promise<ModerationReview["status"] | undefined> {
  const status = input.decision === "approve" ? "approved" : "rejected";
  const by = input.actor.kind === "staff" ? input.actor.email : input.actor.name;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: review.status, productId: review.productId })
      .from(review)
      .where(eq(review.id, input.id))
      .for("update");
    if (!before) return undefined;
    if (before.status === status) return status;
    await tx
      .update(review)
      .set({ status, moderatedBy: by, moderatedAt: input.now })
      .where(eq(review.id, input.id));
    await recordAudit(tx, input.actor, {
      action: `review.${input.decision}`,
      subjectType: "review",
      subjectId: input.id,
      before: { status: before.status, productId: before.productId },
      after: { status, productId: before.productId },
    });
    return status;
  });
}
