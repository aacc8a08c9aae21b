import { brand } from "#shared/brand.ts";
import type { Lang } from "#shared/lang.ts";
import { escapeHtml } from "../mail/html.ts";
import type { MailMessage } from "../mail/mailer.ts";

/** What changed on an account: its owner hears of it at the address they know (issue 11). */
export type AccountChange =
  | { kind: "email"; newEmail: string }
  | { kind: "password" }
  /**
   * A reset proved the mailbox of an account whose address never was: every other way in went
   * (decision 033, amended). `removed` names the providers that were connected.
   */
  | { kind: "reset-unproven"; removed: string[]; passkeys: number };

const words = {
  es: {
    subject: {
      email: "Has cambiado tu correo electrónico",
      password: "Has cambiado tu contraseña",
      "reset-unproven": "Tu correo está confirmado: solo tú puedes entrar en tu cuenta",
    },
    hello: (name: string) => `Hola, ${name}:`,
    email: (newEmail: string) =>
      `El correo electrónico de tu cuenta en ${brand.shopName} es ahora ${newEmail}. Desde ahora te escribiremos allí.`,
    password: `La contraseña de tu cuenta en ${brand.shopName} ha cambiado.`,
    resetUnproven: `Has elegido una contraseña nueva para tu cuenta de ${brand.shopName} con el enlace que te enviamos, y así has confirmado tu correo. Como nadie lo había confirmado antes, quien creó la cuenta pudo no ser tú: para que solo tú puedas entrar, hemos quitado estos accesos:`,
    connected: (provider: string) => `Tu cuenta de ${provider}, que estaba conectada`,
    passkeys: (count: number) => (count === 1 ? "Una llave de acceso" : `${count} llaves de acceso`),
    allSessions: "Todas las sesiones abiertas, en cualquier dispositivo",
    reconnect:
      "Si alguna de esas cuentas era tuya, vuelve a conectarla en «Datos personales», dentro de tu cuenta.",
    sessions: "Hemos cerrado la sesión en tus otros dispositivos.",
    notYou: `Si no has sido tú, escríbenos a ${brand.contact.email} o llámanos al ${brand.contact.phone}.`,
  },
  pt: {
    subject: {
      email: "Alterou o seu e-mail",
      password: "Alterou a sua palavra-passe",
      "reset-unproven": "O seu e-mail está confirmado: só você pode entrar na sua conta",
    },
    hello: (name: string) => `Olá, ${name}:`,
    email: (newEmail: string) =>
      `O e-mail da sua conta na ${brand.shopName} é agora ${newEmail}. A partir de agora escrevemos-lhe para lá.`,
    password: `A palavra-passe da sua conta na ${brand.shopName} foi alterada.`,
    resetUnproven: `Escolheu uma nova palavra-passe para a sua conta da ${brand.shopName} com a ligação que lhe enviámos, e assim confirmou o seu e-mail. Como ninguém o tinha confirmado antes, quem criou a conta pode não ter sido você: para que só você possa entrar, retirámos estes acessos:`,
    connected: (provider: string) => `A sua conta ${provider}, que estava ligada`,
    passkeys: (count: number) => (count === 1 ? "Uma chave de acesso" : `${count} chaves de acesso`),
    allSessions: "Todas as sessões abertas, em qualquer dispositivo",
    reconnect: "Se alguma dessas contas era sua, volte a ligá-la em «Dados pessoais», na sua conta.",
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
  const paragraphs =
    change.kind === "reset-unproven"
      ? [w.hello(to.name), w.resetUnproven]
      : [w.hello(to.name), change.kind === "email" ? w.email(change.newEmail) : w.password, w.sessions];
  const removed =
    change.kind === "reset-unproven"
      ? [
          ...change.removed.map(w.connected),
          ...(change.passkeys > 0 ? [w.passkeys(change.passkeys)] : []),
          w.allSessions,
        ]
      : [];
  const closing = [
    ...(change.kind === "reset-unproven" && change.removed.length > 0 ? [w.reconnect] : []),
    w.notYou,
  ];
  return {
    to: to.email,
    subject: w.subject[change.kind],
    text: [...paragraphs, ...removed.map((item) => `- ${item}`), ...closing, brand.shopName].join("\n\n"),
    html: [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      ...(removed.length > 0
        ? [`<ul>${removed.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`]
        : []),
      ...closing.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p style="color:#4f5a6b">${escapeHtml(brand.shopName)}</p>`,
    ].join("\n"),
  };
}
