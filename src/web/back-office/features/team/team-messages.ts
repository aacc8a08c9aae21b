import { ApiError } from "#web/lib/api-client.ts";
import { staffErrorMessage } from "../../api/staff-error-message.ts";

/** The team screen's own refusals, said to the owner (about someone else, not about "you"). */
const byCode: Readonly<Record<string, string>> = {
  "already-staff": "Esa dirección ya tiene una cuenta de gestión: no hace falta invitarla.",
  "own-account": "No puedes desactivar tu propia cuenta.",
  "already-disabled": "Esta persona ya estaba desactivada.",
  "not-found": "Esa persona ya no está en el equipo. Recarga la página.",
  forbidden: "Solo la persona propietaria gestiona el equipo.",
};

export function teamErrorMessage(error: unknown): string {
  if (error instanceof ApiError && Object.hasOwn(byCode, error.code)) return byCode[error.code] ?? "";
  return staffErrorMessage(error);
}

const fieldMessages: Readonly<Record<string, string>> = {
  "email-required": "Escribe el correo de la persona a la que invitas.",
  "email-invalid": "Ese correo electrónico no es válido.",
};

/** The invitation form's field codes (the shared `inviteStaffSchema`'s). */
export function inviteFieldMessage(code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  return Object.hasOwn(fieldMessages, code) ? fieldMessages[code] : "Revisa este campo.";
}
