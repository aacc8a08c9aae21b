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

/** One issue of the newsletter, sent by the operator to every confirmed subscriber. */
export const newsletterIssueSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\p{Cc}]*$/u, "control-characters"),
  text: z.string().trim().min(1).max(50_000),
});
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>;
