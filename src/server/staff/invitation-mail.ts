import type { StaffRoleName } from "#shared/api/staff-contract.ts";
import { brand } from "#shared/brand.ts";
import type { Lang } from "#shared/lang.ts";
import { escapeHtml } from "../mail/html.ts";
import type { MailMessage } from "../mail/mailer.ts";

/** The page that opens the invitation: `/gestion/invitacion?token=…`. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/gestion/invitacion?token=${encodeURIComponent(token)}`;
}

const words = {
  es: {
    subject: `Te invitan a la gestión de ${brand.shopName}`,
    role: { owner: "propietario", staff: "personal" } satisfies Record<StaffRoleName, string>,
    body: (role: string) =>
      `Te han invitado a entrar en la gestión de ${brand.shopName} con el papel de ${role}. Abre el enlace, elige tu nombre y una contraseña, y después activa la verificación en dos pasos con una aplicación de códigos (TOTP). El enlace sirve una sola vez y caduca en 72 horas.`,
    action: "Aceptar la invitación",
    ignore: "Si no esperabas esta invitación, ignora este mensaje: sin el enlace nadie crea la cuenta.",
  },
  pt: {
    subject: `Convite para a gestão da ${brand.shopName}`,
    role: { owner: "proprietário", staff: "equipa" } satisfies Record<StaffRoleName, string>,
    body: (role: string) =>
      `Foi convidado para entrar na gestão da ${brand.shopName} com o papel de ${role}. Abra a ligação, escolha o seu nome e uma palavra-passe e depois ative a verificação em dois passos com uma aplicação de códigos (TOTP). A ligação só serve uma vez e expira em 72 horas.`,
    action: "Aceitar o convite",
    ignore: "Se não esperava este convite, ignore esta mensagem: sem a ligação ninguém cria a conta.",
  },
} as const;

/** The invitation mailed to a future staff member (issue 30). */
export function invitationMail(to: string, role: StaffRoleName, link: string, lang: Lang): MailMessage {
  const w = words[lang];
  const body = w.body(w.role[role]);
  return {
    to,
    subject: w.subject,
    text: [body, `${w.action}: ${link}`, w.ignore, brand.shopName].join("\n\n"),
    html: [
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(w.action)}</a></p>`,
      `<p>${escapeHtml(w.ignore)}</p>`,
      `<p style="color:#4f5a6b">${escapeHtml(brand.shopName)}</p>`,
    ].join("\n"),
  };
}
