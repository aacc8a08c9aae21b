import { z } from "zod";
import { languages } from "../lang.ts";
import { formQueryField, listPageSchema, listSearchSchema } from "./list-query.ts";
import { issueSubjectSchema, issueTextSchema } from "./newsletter-contract.ts";

/**
 * The back office's newsletter (issue 32, decision 054): the subscribers with their consent, their
 * CSV export, and the issues written, previewed and sent to every confirmed subscriber through the
 * mail outbox. Field errors are codes; the back office words them in Spanish.
 */
export const NEWSLETTER_API = "/api/gestion/newsletter";

export const newsletterApi = {
  subscribers: `${NEWSLETTER_API}/subscribers`,
  /** The CSV of the subscribers the same query lists (all of them, not a page). */
  export: `${NEWSLETTER_API}/subscribers/export`,
  issues: `${NEWSLETTER_API}/issues`,
  preview: `${NEWSLETTER_API}/issues/preview`,
  issue: (id: string) => `${NEWSLETTER_API}/issues/${encodeURIComponent(id)}`,
} as const;

/** pending: asked, the mailed link not followed yet; confirmed: receives the newsletter. */
export const subscriberStates = ["pending", "confirmed"] as const;
export type SubscriberState = (typeof subscriberStates)[number];

export const SUBSCRIBERS_PAGE_SIZE = 50;

/**
 * `GET …/subscribers?q=&state=&page=` and `GET …/subscribers/export?q=&state=`: newest first;
 * `q` is any part of the address (case aside), `state` one of the two.
 */
export const subscriberListQuerySchema = z.object({
  q: listSearchSchema,
  state: formQueryField(z.enum(subscriberStates)),
  page: listPageSchema,
});
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>;

export const subscriberRowSchema = z.object({
  email: z.string(),
  locale: z.enum(languages),
  state: z.enum(subscriberStates),
  /** When the address asked to subscribe, ticking the consent box (asked again: the latest). */
  consentedAt: z.iso.datetime(),
  /** When the mailed link was followed and its button pressed. */
  confirmedAt: z.iso.datetime().nullable(),
});
export type SubscriberRow = z.infer<typeof subscriberRowSchema>;

export const subscriberListSchema = z.object({
  items: z.array(subscriberRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** The whole list's, whatever the search: how many an issue would go to, and how many wait. */
  counts: z.object({ confirmed: z.number().int().min(0), pending: z.number().int().min(0) }),
});
export type SubscriberList = z.infer<typeof subscriberListSchema>;

/** An issue's words in one language: every subscriber gets their own language's. */
const issueTextsSchema = z.strictObject({ subject: issueSubjectSchema, body: issueTextSchema });

/** `POST …/issues/preview`: an issue as written, in Spanish and in Portuguese. */
export const issueDraftSchema = z.strictObject({ es: issueTextsSchema, pt: issueTextsSchema });
export type IssueDraft = z.infer<typeof issueDraftSchema>;
/** What the form holds before it is checked. */
export type IssueDraftInput = z.input<typeof issueDraftSchema>;

/**
 * `POST …/issues`: the issue as previewed, with the id its preview gave. The id makes the send
 * happen once: a second send with it (a double click, a second tab) is refused (409).
 */
export const issueSendSchema = issueDraftSchema.extend({ id: z.uuid("id-invalid") });
export type IssueSendRequest = z.input<typeof issueSendSchema>;

const mailPreviewSchema = z.object({ subject: z.string(), text: z.string() });

/** The preview: the mail each language's subscribers will read, how many they are, and the send's id. */
export const issuePreviewSchema = z.object({
  id: z.uuid(),
  recipients: z.object({ es: z.number().int().min(0), pt: z.number().int().min(0) }),
  mails: z.object({ es: mailPreviewSchema, pt: mailPreviewSchema }),
});
export type IssuePreview = z.infer<typeof issuePreviewSchema>;

export const issueIdParamSchema = z.object({ id: z.uuid("id-invalid") });

/** A sent issue, as listed: who sent it, when, to how many. */
export const issueRowSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  sentAt: z.iso.datetime(),
  /** The staff member's e-mail at the time, or `operator-token`. */
  sentBy: z.string(),
  recipients: z.number().int().min(0),
});
export type IssueRow = z.infer<typeof issueRowSchema>;

export const ISSUES_PAGE_SIZE = 25;

/** `GET …/issues?page=`: the issues sent, newest first. */
export const issueListQuerySchema = z.object({ page: listPageSchema });

export const issueListSchema = z.object({
  items: z.array(issueRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type IssueList = z.infer<typeof issueListSchema>;

/** `GET …/issues/:id` and the answer to a send: the issue whole, in both languages. */
export const issueViewSchema = issueRowSchema.extend({
  es: z.object({ subject: z.string(), body: z.string() }),
  pt: z.object({ subject: z.string(), body: z.string() }),
});
export type IssueView = z.infer<typeof issueViewSchema>;

export const issueAnswerSchema = z.object({ issue: issueViewSchema });
