import type { Lang } from "#shared/lang.ts";
import { escapeHtml } from "../mail/html.ts";
import { plainPage } from "../newsletter/newsletter-pages.ts";

/** Why a page request got a message instead of its page. */
export type PageMessage = "failed" | "too-many" | "bad-form" | "too-large" | "cross-site" | "missing-file";

type Words = { title: string; text: string };

const words: Record<Lang, Record<PageMessage, Words> & { back: string }> = {
  es: {
    failed: {
      title: "Error",
      text: "No hemos podido mostrar esta página. Inténtalo de nuevo en unos instantes.",
    },
    "too-many": {
      title: "Demasiadas peticiones",
      text: "Hemos recibido demasiadas peticiones desde tu conexión. Espera un minuto y vuelve a intentarlo.",
    },
    "bad-form": {
      title: "Formulario no válido",
      text: "No hemos podido leer el formulario enviado. Vuelve a la página y envíalo de nuevo.",
    },
    "too-large": {
      title: "Formulario demasiado grande",
      text: "El formulario enviado es demasiado grande. Vuelve a la página y envíalo de nuevo.",
    },
    "cross-site": {
      title: "Formulario rechazado",
      text: "Este formulario no se ha enviado desde la tienda, así que no lo hemos aceptado.",
    },
    "missing-file": {
      title: "Archivo no encontrado",
      text: "No tenemos ningún archivo en esta dirección.",
    },
    back: "Volver a la tienda",
  },
  pt: {
    failed: {
      title: "Erro",
      text: "Não foi possível mostrar esta página. Tente novamente dentro de instantes.",
    },
    "too-many": {
      title: "Demasiados pedidos",
      text: "Recebemos demasiados pedidos a partir da sua ligação. Aguarde um minuto e tente novamente.",
    },
    "bad-form": {
      title: "Formulário inválido",
      text: "Não foi possível ler o formulário enviado. Volte à página e envie-o novamente.",
    },
    "too-large": {
      title: "Formulário demasiado grande",
      text: "O formulário enviado é demasiado grande. Volte à página e envie-o novamente.",
    },
    "cross-site": {
      title: "Formulário recusado",
      text: "Este formulário não foi enviado a partir da loja, por isso não foi aceite.",
    },
    "missing-file": {
      title: "Ficheiro não encontrado",
      text: "Não temos nenhum ficheiro neste endereço.",
    },
    back: "Voltar à loja",
  },
};

/**
 * A page of the shop's own saying why the asked-for page is not shown: plain HTML in the shopper's
 * language, no script, styled by the rules the CSP already allows (the newsletter pages').
 */
export function messagePage(lang: Lang, message: PageMessage): string {
  const { title, text } = words[lang][message];
  return plainPage(
    lang,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="/">${escapeHtml(words[lang].back)}</a></p>`,
  );
}

/** The message as an answer: never kept by any cache, as its cause is this request's. */
export function messageAnswer(
  lang: Lang,
  message: PageMessage,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return new Response(messagePage(lang, message), {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}
