import { brand } from "#shared/brand.ts";
import { LANG_COOKIE, type Lang, parseLang } from "#shared/lang.ts";
import { paths } from "#shared/paths.ts";
import { escapeHtml } from "../mail/html.ts";
import { mailLink } from "../mail/mail-link.ts";
import type { MailMessage } from "../mail/mailer.ts";

/** The link in the reset mail: /login shows the new-password form for a `restablecer` token. */
export function resetLink(origin: string, token: string, lang: Lang): string {
  return mailLink(origin, paths.resetPassword(token), lang);
}

/** The shopper's language as their browser last chose it (the site's language cookie). */
export function langOfRequest(request: Request | undefined): Lang {
  const cookies = request?.headers.get("cookie") ?? "";
  const value = cookies
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LANG_COOKIE)?.[1];
  return parseLang(value) ?? "es";
}

const words = {
  es: {
    subject: `Cambia tu contraseña de ${brand.shopName}`,
    hello: (name: string) => `Hola, ${name}:`,
    body: "Hemos recibido una petición para cambiar la contraseña de tu cuenta. Pulsa el enlace para elegir una nueva; caduca en una hora.",
    action: "Elegir una contraseña nueva",
    ignore: "Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.",
  },
  pt: {
    subject: `Altere a sua palavra-passe da ${brand.shopName}`,
    hello: (name: string) => `Olá, ${name}:`,
    body: "Recebemos um pedido para alterar a palavra-passe da sua conta. Clique na ligação para escolher uma nova; expira numa hora.",
    action: "Escolher uma nova palavra-passe",
    ignore: "Se não foi você que pediu, ignore esta mensagem: a sua palavra-passe não muda.",
  },
} as const;

export function passwordResetMail(
  to: { email: string; name: string },
  link: string,
  lang: Lang,
): MailMessage {
  return linkMail(to, link, words[lang]);
}

/** The words of a mail that greets a shopper, says why, gives one link and says what to ignore. */
export type LinkMailWords = {
  subject: string;
  hello: (name: string) => string;
  body: string;
  action: string;
  ignore: string;
};

/** A mail with one link for the shopper (password reset, sign-in link), as text and HTML. */
export function linkMail(to: { email: string; name: string }, link: string, w: LinkMailWords): MailMessage {
  return {
    to: to.email,
    subject: w.subject,
    text: [w.hello(to.name), w.body, `${w.action}: ${link}`, w.ignore, brand.shopName].join("\n\n"),
    html: [
      `<p>${escapeHtml(w.hello(to.name))}</p>`,
      `<p>${escapeHtml(w.body)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(w.action)}</a></p>`,
      `<p>${escapeHtml(w.ignore)}</p>`,
      `<p style="color:#4f5a6b">${escapeHtml(brand.shopName)}</p>`,
    ].join("\n"),
  };
}
