import { describe, expect, it } from "vitest";
import { brand } from "../../../shared/brand.ts";
import { languages } from "../../../shared/lang.ts";
import { type InfoPage, infoPagePlaceholders, infoPageSchema, infoPageSlugs } from "./info-page-schema.ts";

const modules = import.meta.glob<unknown>("./content/*/*.json", { eager: true, import: "default" });

/** path "./content/es/envios.json" -> { lang: "es", slug: "envios" } */
function parsePath(path: string): { lang: string; slug: string } {
  const match = /^\.\/content\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) throw new Error(`unexpected content path: ${path}`);
  return { lang: match[1], slug: match[2] };
}

const files = Object.entries(modules).map(([path, data]) => ({ path, ...parsePath(path), data }));

function slugsOf(lang: string): string[] {
  return files
    .filter((file) => file.lang === lang)
    .map((file) => file.slug)
    .sort();
}

function parsed(lang: string, slug: string): InfoPage {
  const file = files.find((f) => f.lang === lang && f.slug === slug);
  if (!file) throw new Error(`missing content file ${lang}/${slug}.json`);
  return infoPageSchema.parse(file.data);
}

/** Every string a page renders: title, description, headings and the text of every block. */
function textsOf(page: InfoPage): string[] {
  const texts = [page.title, page.description];
  for (const section of page.sections) {
    texts.push(section.heading);
    for (const block of section.blocks) {
      switch (block.type) {
        case "p":
          texts.push(block.text);
          break;
        case "ul":
          texts.push(...block.items);
          break;
        case "table":
          texts.push(...block.head, ...block.rows.flat());
          break;
        case "qa":
          texts.push(block.q, block.a);
          break;
      }
    }
  }
  return texts;
}

/** Names and contacts that must only reach the pages through {{placeholders}}. */
const brandLiterals = [
  brand.franchise,
  brand.shopName,
  brand.company.legalName,
  brand.company.taxId,
  brand.company.address,
  brand.company.registry,
  brand.contact.phone,
  brand.contact.phone.replace(/\s+/g, ""),
  brand.contact.whatsapp,
  brand.contact.whatsapp.replace(/\s+/g, ""),
  brand.contact.email,
  brand.contact.privacyEmail,
  ...Object.values(brand.characters),
];

/** Whether text contains literal as a whole word (case-insensitive), e.g. a name but not a word that merely contains it. */
function spells(text: string, literal: string): boolean {
  const escaped = literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

describe("info page content", () => {
  it("has exactly one file per slug and language", () => {
    const expected = [...infoPageSlugs].sort();
    for (const lang of languages) expect(slugsOf(lang)).toEqual(expected);
    const unknownLangs = files.filter((f) => !(languages as readonly string[]).includes(f.lang));
    expect(unknownLangs.map((f) => f.path)).toEqual([]);
  });

  it.each(files.map((f) => [f.path, f.data] as const))("%s matches the schema", (_path, data) => {
    const result = infoPageSchema.safeParse(data);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it.each([...infoPageSlugs])("%s has the same shape in every language", (slug) => {
    const [first, ...others] = languages.map((lang) => parsed(lang, slug));
    if (!first) throw new Error("no languages");
    for (const other of others) {
      expect(other.sections.length).toBe(first.sections.length);
      expect(other.updated).toBe(first.updated);
    }
  });

  it.each(files.map((f) => [f.path, f.lang, f.slug] as const))(
    "%s spells no brand literal",
    (_path, lang, slug) => {
      const text = textsOf(parsed(lang, slug)).join("\n");
      const found = brandLiterals.filter((literal) => spells(text, literal));
      expect(found).toEqual([]);
    },
  );

  it.each(files.map((f) => [f.path, f.lang, f.slug] as const))(
    "%s uses only known placeholders",
    (_path, lang, slug) => {
      const allowed: readonly string[] = infoPagePlaceholders;
      const text = textsOf(parsed(lang, slug)).join("\n");
      const used = [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1] ?? "");
      expect(used.filter((name) => !allowed.includes(name))).toEqual([]);
      // No stray or half-written braces either.
      const stray = text.replace(/\{\{[A-Za-z]+\}\}/g, "");
      expect(stray).not.toMatch(/[{}]/);
    },
  );

  it.each(files.map((f) => [f.path, f.lang, f.slug] as const))(
    "%s links only to existing info pages",
    (_path, lang, slug) => {
      const text = textsOf(parsed(lang, slug)).join("\n");
      const linked = [...text.matchAll(/\/footer\/([a-z0-9-]+)/g)].map((m) => m[1] ?? "");
      const known: readonly string[] = infoPageSlugs;
      expect(linked.filter((target) => !known.includes(target))).toEqual([]);
    },
  );

  it("is plain text (no HTML or Markdown)", () => {
    for (const file of files) {
      const text = textsOf(parsed(file.lang, file.slug)).join("\n");
      expect(text, file.path).not.toMatch(/<\/?[a-z][^>]*>|\*\*|\]\(|^#+\s/im);
    }
  });
});
