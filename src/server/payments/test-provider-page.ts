import type { Lang } from "#shared/lang.ts";
import { formatPrice } from "#shared/money.ts";
import { escapeHtml } from "../mail/html.ts";
import { NEWSLETTER_PAGE_STYLE } from "../newsletter/newsletter-pages.ts";

/** What the built-in provider's page asks: 3-D Secure at the card's bank, or approval in an app. */
export type TestStep = {
  action: "three-d-secure" | "phone";
  method: string | null;
  amountCents: number;
  secret: string;
};

const words = {
  es: {
    title: "Banco de pruebas",
    threeDSecure: "Tu banco pide confirmar este pago con 3-D Secure.",
    phone: (app: string) => `Aprueba este pago en la app de ${app} de tu móvil.`,
    amount: "Importe",
    approve: "Aprobar el pago",
    refuse: "Rechazar",
    timeOut: "Dejar que caduque",
    gone: "Este pago ya no espera ninguna confirmación.",
    note: "Página de pruebas: no se cobra nada.",
  },
  pt: {
    title: "Banco de testes",
    threeDSecure: "O seu banco pede para confirmar este pagamento com 3-D Secure.",
    phone: (app: string) => `Aprove este pagamento na app ${app} do seu telemóvel.`,
    amount: "Montante",
    approve: "Aprovar o pagamento",
    refuse: "Recusar",
    timeOut: "Deixar expirar",
    gone: "Este pagamento já não aguarda nenhuma confirmação.",
    note: "Página de testes: nada é cobrado.",
  },
} as const;

/**
 * The built-in provider's page (decision 034), in the place of a bank's 3-D Secure page or the
 * "approve it on your phone" wait of Bizum and MB WAY. Plain HTML, no script: it works by keyboard
 * and before anything loads; its buttons post the shopper's answer.
 */
export function renderTestStepPage(lang: Lang, step: TestStep | null): string {
  const w = words[lang];
  const body = step ? stepBody(lang, step) : `<p>${escapeHtml(w.gone)}</p>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(w.title)}</title>
<style>${NEWSLETTER_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(w.title)}</h1>
${body}
<p>${escapeHtml(w.note)}</p>
</main>
</body>
</html>`;
}

function stepBody(lang: Lang, step: TestStep): string {
  const w = words[lang];
  const app = step.method === "mb_way" ? "MB WAY" : "Bizum";
  const ask = step.action === "three-d-secure" ? w.threeDSecure : w.phone(app);
  const button = (decision: string, label: string) =>
    `<button type="submit" name="decision" value="${decision}">${escapeHtml(label)}</button>`;
  return `<p>${escapeHtml(ask)}</p>
<p>${escapeHtml(w.amount)}: <strong>${escapeHtml(formatPrice(step.amountCents, lang))}</strong></p>
<form method="post">
<input type="hidden" name="secret" value="${escapeHtml(step.secret)}">
<p>${button("approve", w.approve)} ${button("refuse", w.refuse)}${
    step.action === "phone" ? ` ${button("time-out", w.timeOut)}` : ""
  }</p>
</form>`;
}
