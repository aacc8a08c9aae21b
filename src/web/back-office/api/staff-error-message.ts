import { ApiError } from "#web/lib/api-client.ts";
import { StaffApiError } from "./staff-api-error.ts";

/**
 * What the staff API's refusals say to the person, in Spanish: its own codes
 * (`staffErrorCodes`) and better-auth's (sign-in, two-factor).
 */
const byCode: Readonly<Record<string, string>> = {
  INVALID_EMAIL_OR_PASSWORD: "El correo o la contraseña no son correctos.",
  INVALID_PASSWORD: "La contraseña no es correcta.",
  INVALID_CODE: "El código no es correcto. Escribe el que muestra ahora tu aplicación de códigos.",
  INVALID_BACKUP_CODE: "Ese código de recuperación no es válido o ya se usó.",
  OTP_HAS_EXPIRED: "El código ha caducado. Escribe el que muestra ahora tu aplicación de códigos.",
  INVALID_TWO_FACTOR_COOKIE: "El paso del código ha caducado. Vuelve a escribir tu correo y tu contraseña.",
  TOO_MANY_ATTEMPTS: "Demasiados intentos fallidos. Espera unos minutos antes de volver a probar.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE:
    "Demasiados códigos erróneos. Vuelve a escribir tu correo y tu contraseña para empezar de nuevo.",
  ACCOUNT_TEMPORARILY_LOCKED: "Demasiados intentos fallidos. Tu cuenta está bloqueada unos minutos.",
  TOTP_ALREADY_ENABLED: "La verificación en dos pasos ya está activada en esta cuenta.",
  STAFF_DISABLED: "Esta cuenta de gestión está desactivada. Habla con la persona propietaria de la tienda.",
  "staff-disabled": "Esta cuenta de gestión está desactivada. Habla con la persona propietaria de la tienda.",
  unauthorized: "Tu sesión ha terminado. Vuelve a entrar.",
  "second-factor-required": "Antes tienes que activar la verificación en dos pasos.",
  "invitation-gone": "Esta invitación ya se usó o ha caducado. Pide una nueva a quien te invitó.",
  "not-found": "Este enlace de invitación no es válido. Comprueba que lo has copiado entero.",
  "already-staff": "Ya existe una cuenta de gestión con este correo: entra con ella.",
  "password-too-common": "Esa contraseña es demasiado común. Elige otra más difícil de adivinar.",
  PASSWORD_TOO_COMMON: "Esa contraseña es demasiado común. Elige otra más difícil de adivinar.",
  PASSWORD_TOO_SHORT: "La contraseña es demasiado corta: al menos 8 caracteres.",
  PASSWORD_TOO_LONG: "La contraseña es demasiado larga.",
  "invalid-request": "Revisa los datos del formulario.",
};

const GENERIC = "Algo ha fallado. Inténtalo de nuevo dentro de un momento.";
const OFFLINE = "No hay conexión con la tienda. Comprueba tu conexión e inténtalo de nuevo.";

/** The sentence shown for a failed call. */
export function staffErrorMessage(error: unknown): string {
  if (error instanceof StaffApiError) {
    const field = Object.values(error.fields).find((code) => Object.hasOwn(byCode, code));
    if (field) return byCode[field] ?? GENERIC;
  }
  if (error instanceof ApiError) {
    const known = Object.hasOwn(byCode, error.code) ? byCode[error.code] : undefined;
    if (known) return known;
    if (error.status === 429) return byCode.TOO_MANY_ATTEMPTS ?? GENERIC;
    return GENERIC;
  }
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return OFFLINE;
  return GENERIC;
}

/** The sentence for a form field's validation code (the shared schemas' `email-invalid`…). */
const fieldMessages: Readonly<Record<string, string>> = {
  "email-required": "Escribe tu correo electrónico.",
  "email-invalid": "Ese correo electrónico no es válido.",
  "password-required": "Escribe tu contraseña.",
  "password-too-short": "La contraseña necesita al menos 8 caracteres.",
  "password-too-long": "La contraseña es demasiado larga.",
  "name-required": "Escribe tu nombre.",
  "code-invalid": "El código tiene 6 cifras.",
  "backup-code-required": "Escribe uno de tus códigos de recuperación.",
  "text-invalid": "Quita los caracteres especiales de este campo.",
};

export function fieldMessage(code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  return Object.hasOwn(fieldMessages, code) ? fieldMessages[code] : "Revisa este campo.";
}
