import { z } from "zod";
import { infoPageSlugs as footerSlugs } from "#shared/paths.ts";

/**
 * The information and legal pages of the footer (shipping, returns, FAQ, about us and the legal
 * texts). Their content lives in ./content/{lang}/{slug}.json, one file per page and language.
 * Texts are plain text; names and contacts are written as {{placeholders}} filled from brand.ts.
 */
export const infoPageSlugs = [...footerSlugs, "derechos"] as const;

export const infoPageSlugSchema = z.enum(infoPageSlugs);
export type InfoPageSlug = z.infer<typeof infoPageSlugSchema>;

/** The placeholders a text may use; the app fills them from brand.ts (and the current year). */
export const infoPagePlaceholders = [
  "shopName",
  "franchise",
  "companyName",
  "companyTaxId",
  "companyAddress",
  "companyRegistry",
  "phone",
  "whatsapp",
  "email",
  "privacyEmail",
  "siteUrl",
  "year",
] as const;
export type InfoPagePlaceholder = (typeof infoPagePlaceholders)[number];

const text = z.string().trim().min(1);

export const infoPageBlockSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("p"), text }),
  z.strictObject({ type: z.literal("ul"), items: z.array(text).min(1) }),
  z
    .strictObject({
      type: z.literal("table"),
      head: z.array(text).min(1),
      rows: z.array(z.array(text).min(1)).min(1),
    })
    .refine((table) => table.rows.every((row) => row.length === table.head.length), {
      message: "every table row must have as many cells as the head",
    }),
  z.strictObject({ type: z.literal("qa"), q: text, a: text }),
]);
export type InfoPageBlock = z.infer<typeof infoPageBlockSchema>;

export const infoPageSectionSchema = z.strictObject({
  heading: text,
  blocks: z.array(infoPageBlockSchema).min(1),
});
export type InfoPageSection = z.infer<typeof infoPageSectionSchema>;

export const infoPageSchema = z.strictObject({
  title: text,
  description: z.string().trim().min(120).max(160),
  updated: z.iso.date(),
  sections: z.array(infoPageSectionSchema).min(1),
});
export type InfoPage = z.infer<typeof infoPageSchema>;
