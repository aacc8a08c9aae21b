import { z } from "zod";
import { languages } from "../lang.ts";

/** Spec §5: no spaces, one @, a dot in the domain. */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const newsletterRequestSchema = z.object({
  email: z.string().trim().min(1, "email-required").max(254).regex(simpleEmailPattern, "email-invalid"),
  consent: z.literal(true, { error: "consent-required" }),
  locale: z.enum(languages).default("es"),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export type NewsletterResponse = { status: "subscribed" | "already-subscribed" };
