import { brand } from "#shared/brand.ts";
import type { Lang } from "#shared/lang.ts";
import { escapeHtml } from "../mail/html.ts";
import type { MailMessage } from "../mail/mailer.ts";

/** What changed on an account: its owner hears of it at the address they know (issue 11). */
export type AccountChange =
  | { kind: "email"; newEmail: string }
  | { kind: "password" }
  /** A provider proved the mailbox of an account whose address never was: its old ways in went. */
  | { kind: "proven-by-provider"; provider: string };

const words = {
  es: {
    subject: {
      email: "Has cambiado tu correo electrónico",
      password: "Has cambiado tu contraseña",
      "proven-by-provider": "Has entrado con una cuenta externa",
    },
    hello: (name: string) => `Hola, ${name}:`,
    email: (newEmail: string) =>
      `El correo electrónico de tu cuenta en ${brand.shopName} es ahora ${newEmail}. Desde ahora te escribiremos allí.`,
    password: `La contraseña de tu cuenta en ${brand.shopName} ha cambiado.`,
    provenByProvider: (provider: string) =>
      `Has entrado en tu cuenta de ${brand.shopName} con ${provider}. Como este correo nunca se había confirmado, hemos quitado la contraseña que tenía la cuenta: entra con ${provider} o con un enlace por correo, o elige una contraseña nueva con «¿Has olvidado tu contraseña?».`,
    sessions: "Hemos cerrado la sesión en tus otros dispositivos.",
    notYou: `Si no has sido tú, escríbenos a ${brand.contact.email} o llámanos al ${brand.contact.phone}.`,
  },
  pt: {
    subject: {
      email: "Alterou o seu e-mail",
      password: "Alterou a sua palavra-passe",
      "proven-by-provider": "Entrou com uma conta externa",
    },
    hello: (name: string) => `Olá, ${name}:`,
    email: (newEmail: string) =>
      `O e-mail da sua conta na ${brand.shopName} é agora ${newEmail}. A partir de agora escrevemos-lhe para lá.`,
    password: `A palavra-passe da sua conta na ${brand.shopName} foi alterada.`,
    provenByProvider: (provider: string) =>
      `Entrou na sua conta da ${brand.shopName} com ${provider}. Como este e-mail nunca tinha sido confirmado, retirámos a palavra-passe que a conta tinha: entre com ${provider} ou com uma ligação por e-mail, ou escolha uma nova palavra-passe em «Esqueceu-se da palavra-passe?».`,
    sessions: "Terminámos a sessão nos seus outros dispositivos.",
    notYou: `Se não foi você, escreva-nos para ${brand.contact.email} ou ligue-nos para o ${brand.contact.phone}.`,
  },
} as const;

/** Sent to the address the account had before the change, so a thief cannot hide it. */
export function accountChangedMail(
  to: { email: string; name: string },
  change: AccountChange,
  lang: Lang,
): MailMessage {
  const w = words[lang];
  const what =
    change.kind === "email"
      ? w.email(change.newEmail)
      : change.kind === "password"
        ? w.password
        : w.provenByProvider(change.provider);
  const paragraphs = [w.hello(to.name), what, w.sessions, w.notYou];
  return {
    to: to.email,
    subject: w.subject[change.kind],
    text: [...paragraphs, brand.shopName].join("\n\n"),
    html: [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p style="color:#4f5a6b">${escapeHtml(brand.shopName)}</p>`,
    ].join("\n"),
  };
}
