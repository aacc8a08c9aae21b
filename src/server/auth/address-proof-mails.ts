import { brand } from "#shared/brand.ts";
import type { Lang } from "#shared/lang.ts";
import { escapeHtml } from "../mail/html.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { type LinkMailWords, linkMail } from "./auth-mails.ts";

type Recipient = { email: string; name: string };

const codeWords = {
  es: {
    subject: `Tu código para confirmar tu correo en ${brand.shopName}`,
    hello: (name: string) => `Hola, ${name}:`,
    body: (minutes: number) =>
      `Escribe este código en la página de la tienda que te lo ha pedido para confirmar que este correo es tuyo. Caduca en ${minutes} minutos.`,
    never: "No se lo digas a nadie: nadie de la tienda te lo pedirá nunca.",
    ignore: `Si no has creado una cuenta en ${brand.shopName} ni has pedido este código, ignora este mensaje: sin él nadie puede confirmar tu correo.`,
  },
  pt: {
    subject: `O seu código para confirmar o seu e-mail na ${brand.shopName}`,
    hello: (name: string) => `Olá, ${name}:`,
    body: (minutes: number) =>
      `Escreva este código na página da loja que o pediu para confirmar que este e-mail é seu. Expira em ${minutes} minutos.`,
    never: "Não o diga a ninguém: ninguém da loja lho vai pedir.",
    ignore: `Se não criou uma conta na ${brand.shopName} nem pediu este código, ignore esta mensagem: sem ele ninguém pode confirmar o seu e-mail.`,
  },
} as const;

/** The code that proves the address (decision 033, amended): at sign-up, or asked for later. */
export function addressCodeMail(to: Recipient, code: string, minutes: number, lang: Lang): MailMessage {
  const w = codeWords[lang];
  const paragraphs = [w.hello(to.name), w.body(minutes)];
  const after = [w.never, w.ignore];
  return {
    to: to.email,
    subject: w.subject,
    text: [...paragraphs, code, ...after, brand.shopName].join("\n\n"),
    html: [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p style="font-size:1.5em;font-weight:bold;letter-spacing:0.2em">${escapeHtml(code)}</p>`,
      ...after.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p style="color:#4f5a6b">${escapeHtml(brand.shopName)}</p>`,
    ].join("\n"),
  };
}

const attemptWords = {
  es: {
    subject: `Alguien ha intentado crear una cuenta con tu correo en ${brand.shopName}`,
    hello: (name: string) => `Hola, ${name}:`,
    body: "Alguien ha intentado crear una cuenta nueva con este correo electrónico, pero ya tienes una cuenta con él, así que no hemos creado ninguna otra ni hemos cambiado nada en la tuya.",
    ifYou:
      "Si has sido tú, entra con tu cuenta; si no recuerdas la contraseña, elige una nueva con «¿Has olvidado tu contraseña?»:",
    signIn: "Entrar en mi cuenta",
    reset: "Elegir una contraseña nueva",
    notYou: "Si no has sido tú, no tienes que hacer nada: nadie puede entrar en tu cuenta por esto.",
  },
  pt: {
    subject: `Alguém tentou criar uma conta com o seu e-mail na ${brand.shopName}`,
    hello: (name: string) => `Olá, ${name}:`,
    body: "Alguém tentou criar uma conta nova com este e-mail, mas já tem uma conta com ele, por isso não criámos nenhuma outra nem alterámos nada na sua.",
    ifYou:
      "Se foi você, entre na sua conta; se não se lembra da palavra-passe, escolha uma nova em «Esqueceu-se da palavra-passe?»:",
    signIn: "Entrar na minha conta",
    reset: "Escolher uma nova palavra-passe",
    notYou: "Se não foi você, não tem de fazer nada: ninguém pode entrar na sua conta por isto.",
  },
} as const;

/**
 * Sign-up with an address that has an account answers as a new one (no one learns it is taken);
 * the address's owner hears of it here, with the ways back into the account they have.
 */
export function signUpAttemptMail(
  to: Recipient,
  links: { signIn: string; reset: string },
  lang: Lang,
): MailMessage {
  const w = attemptWords[lang];
  const actions = [
    { label: w.signIn, href: links.signIn },
    { label: w.reset, href: links.reset },
  ];
  return {
    to: to.email,
    subject: w.subject,
    text: [
      w.hello(to.name),
      w.body,
      w.ifYou,
      ...actions.map(({ label, href }) => `${label}: ${href}`),
      w.notYou,
      brand.shopName,
    ].join("\n\n"),
    html: [
      `<p>${escapeHtml(w.hello(to.name))}</p>`,
      `<p>${escapeHtml(w.body)}</p>`,
      `<p>${escapeHtml(w.ifYou)}</p>`,
      ...actions.map(({ label, href }) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`),
      `<p>${escapeHtml(w.notYou)}</p>`,
      `<p style="color:#4f5a6b">${escapeHtml(brand.shopName)}</p>`,
    ].join("\n"),
  };
}

const proveFirstWords: Record<Lang, LinkMailWords> = {
  es: {
    subject: `Confirma tu correo para entrar en ${brand.shopName}`,
    hello: (name: string) => `Hola, ${name}:`,
    body: "Has pedido un enlace para entrar sin contraseña, pero el correo de tu cuenta aún no está confirmado. Para confirmarlo, elige una contraseña con este enlace (caduca en una hora); desde entonces también podrás entrar con enlaces.",
    action: "Elegir una contraseña y confirmar mi correo",
    ignore: "Si no lo has pedido tú, ignora este mensaje: nada cambia en tu cuenta.",
  },
  pt: {
    subject: `Confirme o seu e-mail para entrar na ${brand.shopName}`,
    hello: (name: string) => `Olá, ${name}:`,
    body: "Pediu uma ligação para entrar sem palavra-passe, mas o e-mail da sua conta ainda não está confirmado. Para o confirmar, escolha uma palavra-passe com esta ligação (expira numa hora); a partir daí também poderá entrar com ligações.",
    action: "Escolher uma palavra-passe e confirmar o meu e-mail",
    ignore: "Se não foi você que pediu, ignore esta mensagem: nada muda na sua conta.",
  },
};

/**
 * A sign-in link asked for an account that never proved its address: no link (decision 033,
 * amended), a password-reset link instead, whose use proves the mailbox.
 */
export function proveFirstMail(to: Recipient, resetLink: string, lang: Lang): MailMessage {
  return linkMail(to, resetLink, proveFirstWords[lang]);
}
