import { brand } from "#shared/brand.ts";
import type { Lang } from "#shared/lang.ts";
import { escapeHtml } from "../mail/html.ts";
import { newsletterWords } from "./newsletter-words.ts";

type Words = (typeof newsletterWords)[Lang];
type TextKey = { [K in keyof Words]: Words[K] extends string ? K : never }[keyof Words];

/** A page of the subscription: a message, and a button posting the token when a step is asked. */
export type NewsletterPage = {
  title: TextKey;
  text: TextKey;
  /** The form the button sends (to the page's own address, with the token). */
  action?: { button: TextKey; token: string };
};

/** The pages' own few rules, inline (allowed by their hash in the CSP, `server/app.ts`). */
export const NEWSLETTER_PAGE_STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#f4f8fb;color:#1d2733}
main{max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001}
h1{font-size:1.5rem;color:#006fa1;margin-top:0}
button{font:inherit;font-weight:600;color:#fff;background:#006fa1;border:0;border-radius:8px;padding:.75rem 1.5rem;cursor:pointer}
a{color:#006fa1}
`;

/**
 * The shell of the shop's small pages without script (the newsletter's, back in stock, reviews,
 * the form messages): `title` in the tab after the shop's name, `body` (already escaped HTML)
 * inside the card under the shop's name.
 */
export function plainPage(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(brand.shopName)}</title>
<style>${NEWSLETTER_PAGE_STYLE}</style>
</head>
<body>
<main>
<p><strong>${escapeHtml(brand.shopName)}</strong></p>
${body}
</main>
</body>
</html>`;
}

/**
 * A small page of its own, readable without scripts (links from mail open anywhere). Following a
 * link only shows the page; the step is taken by the button, so a mail scanner that opens every
 * link confirms or cancels nothing.
 */
export function renderNewsletterPage(lang: Lang, page: NewsletterPage): string {
  const w = newsletterWords[lang];
  const form = page.action
    ? `<form method="post"><input type="hidden" name="token" value="${escapeHtml(page.action.token)}"><button type="submit">${escapeHtml(w[page.action.button])}</button></form>`
    : "";
  return plainPage(
    lang,
    w[page.title],
    `<h1>${escapeHtml(w[page.title])}</h1>
<p>${escapeHtml(w[page.text])}</p>
${form}
<p><a href="/">${escapeHtml(w.backToShop)}</a></p>`,
  );
}
