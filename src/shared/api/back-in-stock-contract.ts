import { z } from "zod";
import { languages } from "../lang.ts";
import { hasControlCharacters } from "../text.ts";
import { simpleEmailPattern } from "./newsletter-contract.ts";

/** «Avísame cuando vuelva» (issue 33): the address, the sold-out product and the page's language. */
export const backInStockRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "email-required")
    .max(254)
    .regex(simpleEmailPattern, "email-invalid")
    .refine((email) => !hasControlCharacters(email), "email-invalid"),
  productId: z.number().int().positive().max(999_999_999),
  consent: z.literal(true, { error: "consent-required" }),
  locale: z.enum(languages).default("es"),
});
export type BackInStockRequest = z.infer<typeof backInStockRequestSchema>;

/** `subscribed` the first time; `already` for an address already waiting for that product. */
export type BackInStockResponse = { status: "subscribed" | "already" };
