import type { Lang } from "#shared/lang.ts";

/**
 * A mail's link to one of the shop's pages, in the mail's language: it is often opened in another
 * browser than the one that asked (a phone's mail app), which never chose one, and `?lang=` is
 * what every page reads first (`ssr/page-requests.ts`).
 */
export function mailLink(origin: string, path: string, lang: Lang): string {
  const url = new URL(path, origin);
  url.searchParams.set("lang", lang);
  return url.href;
}
