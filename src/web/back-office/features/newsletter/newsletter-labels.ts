import type { SubscriberState } from "#shared/api/back-office-newsletter-contract.ts";
import type { Lang } from "#shared/lang.ts";
import { ApiError } from "#web/lib/api-client.ts";

export const stateNames: Readonly<Record<SubscriberState, string>> = {
  confirmed: "Confirmado",
  pending: "Pendiente de confirmar",
};

export const languageNames: Readonly<Record<Lang, string>> = { es: "Español", pt: "Portugués" };

/** A count and its words, singular or plural: «1 confirmado», «1.204 confirmados». */
export const countText = (n: number, one: string, many: string) =>
  n === 1 ? `1 ${one}` : `${n.toLocaleString("es-ES")} ${many}`;

/** «1 suscriptor», «1.204 suscriptores». */
export const subscribersText = (n: number) => countText(n, "suscriptor", "suscriptores");

/** «1 suscriptor confirmado», «12 suscriptores confirmados». */
export const confirmedText = (n: number) => countText(n, "suscriptor confirmado", "suscriptores confirmados");

/** A staff member's address, or the operator's token named in words. */
export const senderName = (sentBy: string) => (sentBy === "operator-token" ? "Token del operador" : sentBy);

/** The form's field errors (codes of the shared schema), in Spanish. */
const fieldMessages: Readonly<Record<string, string>> = {
  "subject-required": "Escribe el asunto.",
  "subject-too-long": "El asunto no puede pasar de 200 caracteres.",
  "body-required": "Escribe el texto del boletín.",
  "body-too-long": "El texto no puede pasar de 50.000 caracteres.",
  "text-invalid": "Quita los caracteres invisibles de control que se han pegado con el texto.",
};

export const fieldMessage = (code: string | undefined) =>
  code === undefined ? undefined : (fieldMessages[code] ?? "Revisa este campo.");

/** Why a preview or a send was refused, said to the owner. */
export function issueErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "issue-already-sent") return "Este boletín ya se ha enviado: no se envía dos veces.";
    if (error.code === "no-recipients")
      return "No hay ningún suscriptor confirmado: el boletín no se ha enviado a nadie.";
    if (error.code === "invalid-request" || error.status === 400) return "Revisa los campos marcados.";
    if (error.status === 403) return "Solo la persona propietaria de la tienda puede enviar el boletín.";
    if (error.status === 401) return "Tu sesión ha terminado. Vuelve a entrar.";
  }
  return "No hemos podido hacerlo. Comprueba tu conexión e inténtalo de nuevo.";
}
