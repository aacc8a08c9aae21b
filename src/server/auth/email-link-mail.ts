import { brand } from "#shared/brand.ts";
import type { Lang } from "#shared/lang.ts";
import { paths } from "#shared/paths.ts";
import { mailLink } from "../mail/mail-link.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { linkMail } from "./auth-mails.ts";

/** The link in the mail: /login shows a button that signs in with the token (decision 031). */
export function emailSignInLink(origin: string, token: string, lang: Lang): string {
  return mailLink(origin, paths.emailLink(token), lang);
}

const words = {
  es: {
    subject: `Tu enlace para entrar en ${brand.shopName}`,
    hello: (name: string) => `Hola, ${name}:`,
    body: "Has pedido entrar en tu cuenta sin contraseña. Abre el enlace y pulsa «Entrar»; sirve una sola vez y caduca en 15 minutos.",
    action: "Entrar en mi cuenta",
    ignore: "Si no lo has pedido tú, ignora este mensaje: nadie puede entrar sin abrir este enlace.",
  },
  pt: {
    subject: `A sua ligação para entrar na ${brand.shopName}`,
    hello: (name: string) => `Olá, ${name}:`,
    body: "Pediu para entrar na sua conta sem palavra-passe. Abra a ligação e clique em «Entrar»; só serve uma vez e expira em 15 minutos.",
    action: "Entrar na minha conta",
    ignore: "Se não foi você que pediu, ignore esta mensagem: ninguém pode entrar sem abrir esta ligação.",
  },
} as const;

export function emailLinkMail(to: { email: string; name: string }, link: string, lang: Lang): MailMessage {
  return linkMail(to, link, words[lang]);
}
