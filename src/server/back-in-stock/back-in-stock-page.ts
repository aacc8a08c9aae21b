import type { Lang } from "#shared/lang.ts";
import { escapeHtml } from "../mail/html.ts";
import { plainPage } from "../newsletter/newsletter-pages.ts";
import { backInStockWords } from "./back-in-stock-words.ts";

type Words = (typeof backInStockWords)[Lang];
type TextKey = { [K in keyof Words]: Words[K] extends string ? K : never }[keyof Words];

/** A page of a request: a message, a button posting the token when a step is asked, a way back. */
export type BackInStockPage = {
  title: TextKey;
  text: TextKey;
  action?: { button: TextKey; token: string };
  /** The product's page, to go back to; the shop's home otherwise. */
  back?: string;
};

/**
 * A small page of its own, readable without scripts: the answer to the form posted without the
 * script, and the unsubscribe link's page. Its look is the newsletter pages' (the same inline
 * style, allowed by its hash in the CSP).
 */
export function renderBackInStockPage(lang: Lang, page: BackInStockPage): string {
  const w = backInStockWords[lang];
  const form = page.action
    ? `<form method="post"><input type="hidden" name="token" value="${escapeHtml(page.action.token)}"><button type="submit">${escapeHtml(w[page.action.button])}</button></form>`
    : "";
  const back = page.back
    ? `<a href="${escapeHtml(page.back)}">${escapeHtml(w.backToProduct)}</a>`
    : `<a href="/">${escapeHtml(w.backToShop)}</a>`;
  return plainPage(
    lang,
    w[page.title],
    `<h1>${escapeHtml(w[page.title])}</h1>
<p role="status">${escapeHtml(w[page.text])}</p>
${form}
<p>${back}</p>`,
  );
}
