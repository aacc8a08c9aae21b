export const languages = ["es", "pt"] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = "es";

/** BCP 47 tags used for <html lang>, hreflang and number formatting. */
export const localeOf: Record<Lang, string> = { es: "es-ES", pt: "pt-PT" };

export const LANG_COOKIE = "lang";

// Plain code rather than a zod schema: this module is in every page's first download.
export function parseLang(value: string | null | undefined): Lang | undefined {
  const lower = value?.toLowerCase();
  return languages.find((lang) => lang === lower);
}
