import type { Lang } from "#shared/lang.ts";
import { escapeHtml } from "../mail/html.ts";
import { plainPage } from "../newsletter/newsletter-pages.ts";
import { reviewWords } from "./review-words.ts";

/** The page «Cómo verificamos las opiniones», linked from every review page. */
export const HOW_WE_VERIFY_PATH = "/footer/como-verificamos-las-opiniones";

export type ReviewFormValues = { rating?: number; text?: string; name?: string };

/** The review page's content: the form (with any errors of a try), or a message. */
export type ReviewPage =
  | { kind: "form"; productName: string; values: ReviewFormValues; errors: readonly string[] }
  | { kind: "message"; title: string; text: string };

const e = escapeHtml;

function starsGroup(lang: Lang, chosen: number | undefined): string {
  const w = reviewWords[lang];
  const options = [5, 4, 3, 2, 1].map(
    (n) =>
      `<p><label><input type="radio" name="rating" value="${n}" required${chosen === n ? " checked" : ""}> ${"★".repeat(n)} <span>${e(w.stars(n))}</span></label></p>`,
  );
  return `<fieldset><legend>${e(w.rating)}</legend>${options.join("")}</fieldset>`;
}

function formBody(lang: Lang, page: Extract<ReviewPage, { kind: "form" }>): string {
  const w = reviewWords[lang];
  const errors =
    page.errors.length > 0
      ? `<div role="alert"><h2>${e(w.errorTitle)}</h2><ul>${page.errors.map((error) => `<li>${e(error)}</li>`).join("")}</ul></div>`
      : "";
  return `<h1>${e(w.pageTitle)}</h1>
<p>${e(w.pageIntro(page.productName))}</p>
${errors}
<form method="post">
${starsGroup(lang, page.values.rating)}
<p><label for="review-text">${e(w.text)}</label><br>
<textarea id="review-text" name="text" rows="6" cols="40" minlength="10" maxlength="2000" required>${e(page.values.text ?? "")}</textarea></p>
<p><label for="review-name">${e(w.name)}</label><br>
<input id="review-name" name="name" autocomplete="off" maxlength="40" required value="${e(page.values.name ?? "")}"></p>
<button type="submit">${e(w.send)}</button>
</form>
<p><a href="${HOW_WE_VERIFY_PATH}">${e(w.howWeVerify)}</a></p>`;
}

/** A small page of its own, readable without scripts (a guest opens it from the mail). */
export function renderReviewPage(lang: Lang, page: ReviewPage): string {
  const w = reviewWords[lang];
  const title = page.kind === "form" ? w.pageTitle : page.title;
  const body =
    page.kind === "form"
      ? formBody(lang, page)
      : `<h1>${e(page.title)}</h1>\n<p>${e(page.text)}</p>\n<p><a href="${HOW_WE_VERIFY_PATH}">${e(w.howWeVerify)}</a></p>`;
  return plainPage(
    lang,
    title,
    `${body}
<p><a href="/">${e(w.backToShop)}</a></p>`,
  );
}
