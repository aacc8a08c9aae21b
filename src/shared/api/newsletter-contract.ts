import { z } from "zod";
import { languages } from "../lang.ts";
import { hasControlCharacters } from "../text.ts";

/** Spec §5: no spaces, one @, a dot in the domain. */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const newsletterRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "email-required")
    .max(254)
    .regex(simpleEmailPattern, "email-invalid")
    // No address holds control characters; PostgreSQL could not even store a NUL.
    .refine((email) => !hasControlCharacters(email), "email-invalid"),
  consent: z.literal(true, { error: "consent-required" }),
  locale: z.enum(languages).default("es"),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

/** The same answer for every address: whether it was already subscribed is nobody's business. */
export type NewsletterResponse = { status: "confirmation-sent" };

/** An issue's subject: one line, as mail programs show it. */
export const issueSubjectSchema = z
  .string()
  .trim()
  .min(1, "subject-required")
  .max(200, "subject-too-long")
  .refine((subject) => !hasControlCharacters(subject), "text-invalid");

/**
 * An issue's text: paragraphs separated by blank lines (`newsletterMail` makes each a paragraph),
 * line breaks as the browser or curl sent them; no other control character (PostgreSQL could not
 * even store a NUL).
 */
export const issueTextSchema = z
  .string()
  .transform((text) => text.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(1, "body-required")
      .max(50_000, "body-too-long")
      .refine((text) => !hasControlCharacters(text.replace(/[\n\t]/g, "")), "text-invalid"),
  );

/** One issue of the newsletter, sent by the operator's token to every confirmed subscriber, in one text for both languages. */
export const newsletterIssueSchema = z.object({ subject: issueSubjectSchema, text: issueTextSchema });
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>;
