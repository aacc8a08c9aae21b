import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import {
  type IssueDraft,
  type IssuePreview,
  issueDraftSchema,
  issueIdParamSchema,
  issueListQuerySchema,
  issueSendSchema,
  subscriberListQuerySchema,
} from "#shared/api/back-office-newsletter-contract.ts";
import { madridDay } from "#shared/api/back-office-promotion-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { recordAudit } from "../audit/staff-audit.ts";
import { apiError, validate } from "../http/validate.ts";
import {
  alreadySent,
  findIssue,
  listIssues,
  noRecipients,
  sendIssue,
} from "../newsletter/newsletter-issues.ts";
import { newsletterMail } from "../newsletter/newsletter-mails.ts";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";
import { confirmedByLanguage, searchSubscribers, subscribersCsv } from "./newsletter-subscribers.ts";

const notFound = apiError("issue-not-found", "No such newsletter issue");

/**
 * The back office's newsletter (issue 32, decision 054). Every staff member sees the subscribers
 * and the issues sent, and exports the list (the same data the list shows, audited as the
 * customers' export is); the owner alone previews and sends an issue, which mails every
 * confirmed subscriber.
 */
export function newsletterRoutes({ db, mail, origins, now, staff, logger }: BackOfficeDeps) {
  const owner = staff.requireStaff({ role: "owner" });
  const subscriberQuery = validate("query", subscriberListQuerySchema);
  return new Hono<StaffEnv>()
    .get("/subscribers", subscriberQuery, async (c) =>
      c.json(await searchSubscribers(db, c.req.valid("query"))),
    )
    .get("/subscribers/export", subscriberQuery, async (c) => {
      const query = c.req.valid("query");
      const { csv, rows } = await subscribersCsv(db, query);
      // Who took the list, and which part: never the search typed, which may be someone's address.
      await recordAudit(db, c.get("staff"), {
        action: "newsletter.export",
        subjectType: "newsletter",
        subjectId: "subscribers",
        after: { format: "csv", rows, state: query.state ?? "all", searched: query.q !== undefined },
      });
      const day = madridDay(now());
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="boletin-suscriptores-${day}.csv"`,
      });
    })
    .get("/issues", validate("query", issueListQuerySchema), async (c) =>
      c.json(await listIssues(db, c.req.valid("query").page)),
    )
    .get("/issues/:id", validate("param", issueIdParamSchema), async (c) => {
      const issue = await findIssue(db, c.req.valid("param").id);
      return issue ? c.json({ issue }) : c.json(notFound, 404);
    })
    .post("/issues/preview", owner, validate("json", issueDraftSchema), async (c) => {
      const draft = c.req.valid("json");
      const preview: IssuePreview = {
        // The send's id, given once here: the form sends it back, and a second send with it is refused.
        id: randomUUID(),
        recipients: await confirmedByLanguage(db),
        mails: previewMails(draft, origins.linkOrigin(c.req.raw)),
      };
      return c.json(preview);
    })
    .post("/issues", owner, validate("json", issueSendSchema), async (c) => {
      const { id, ...draft } = c.req.valid("json");
      const sent = await sendIssue(
        { db, mail },
        { id, draft, origin: origins.linkOrigin(c.req.raw), actor: c.get("staff"), now: now() },
      );
      if (sent.kind === "no-recipients") return c.json(noRecipients, 409);
      if (sent.kind === "already-sent") return c.json({ ...alreadySent, issue: sent.issue }, 409);
      mail.deliver().catch((error: unknown) => logger.error({ err: error }, "newsletter issue not sent yet"));
      return c.json({ issue: sent.issue }, 201);
    });
}

/** The mail each language's subscribers will read; the link is each subscriber's own when sent. */
function previewMails(draft: IssueDraft, origin: string): IssuePreview["mails"] {
  const sample = (locale: Lang) => {
    const { subject, body } = draft[locale];
    const mail = newsletterMail({ email: "", locale, token: SAMPLE_TOKEN }, origin, { subject, text: body });
    return { subject: mail.subject, text: mail.text };
  };
  return { es: sample("es"), pt: sample("pt") };
}

/** Stands for each subscriber's own token in the preview's unsubscribe link. */
const SAMPLE_TOKEN = "00000000-0000-0000-0000-000000000000";
