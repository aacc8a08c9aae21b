import type { TopCategory } from "#catalog/categories.ts";
import type { PromotionState, PromotionView } from "#shared/api/back-office-promotion-contract.ts";
import type { CouponKind } from "#shared/checkout/coupon.ts";
import { formatShopDate } from "#shared/dates.ts";
import { formatPrice } from "#shared/money.ts";
import { ApiError } from "#web/lib/api-client.ts";

export const kindNames: Readonly<Record<CouponKind, string>> = {
  percent: "Porcentaje de descuento",
  fixed: "Importe de descuento",
  "free-shipping": "Envío gratis",
};

export const stateNames: Readonly<Record<PromotionState, string>> = {
  active: "Activa",
  paused: "En pausa",
  ended: "Terminada",
  scheduled: "Programada",
};

export const categoryNames: Readonly<Record<TopCategory, string>> = {
  Juguete: "Juguetes",
  Pelicula: "Películas",
  Escolar: "Escolar",
  Moda: "Moda",
  Hogar: "Hogar",
  LotesExclusivos: "Lotes exclusivos",
  Regalo: "Regalos",
};

/** What the coupon gives, in a few words: «20 % en Juguetes desde 20,00 €». */
export function whatItGives(view: PromotionView): string {
  const gift =
    view.kind === "percent"
      ? `${view.value} %`
      : view.kind === "fixed"
        ? formatPrice(view.value, "es")
        : "Envío gratis";
  const scope = view.categories ? ` en ${view.categories.map((c) => categoryNames[c]).join(", ")}` : "";
  const minimum = view.minSubtotalCents > 0 ? ` desde ${formatPrice(view.minSubtotalCents, "es")}` : "";
  const first = view.firstOrderOnly ? ", primer pedido" : "";
  return `${gift}${scope}${minimum}${first}`;
}

export function usesText(view: PromotionView): string {
  return view.totalLimit === null ? String(view.uses) : `${view.uses} de ${view.totalLimit}`;
}

export function datesText(view: PromotionView): string {
  const from = view.startsAt ? `desde el ${formatShopDate(view.startsAt, "es")}` : "";
  const until = view.endsAt
    ? `hasta el ${formatShopDate(new Date(Date.parse(view.endsAt) - 1).toISOString(), "es")}`
    : "";
  return [from, until].filter(Boolean).join(" ") || "Sin fechas";
}

/** The form's field errors (codes from the shared schema or the API), in Spanish. */
const fieldMessages: Readonly<Record<string, string>> = {
  "code-invalid": "El código lleva de 3 a 40 letras sin tildes, cifras, guiones o guiones bajos.",
  "code-taken": "Ya hay una promoción con este código.",
  "percent-invalid": "Escribe un porcentaje entero del 1 al 100.",
  "amount-invalid": "Escribe un importe en euros, por ejemplo 5 o 4,50.",
  "value-unused": "El envío gratis no lleva importe.",
  "minimum-invalid": "Escribe un importe en euros, por ejemplo 20 o 19,90, o déjalo vacío.",
  "date-invalid": "Elige una fecha válida.",
  "ends-before-start": "El último día no puede ser anterior al primero.",
  "limit-invalid": "Escribe un número entero mayor que 0, o déjalo vacío para no poner límite.",
  "categories-empty": "Elige al menos una categoría, o ninguna para todo el pedido.",
  "fixed-after-use": "Ya se ha usado en pedidos: esto no se puede cambiar. Termínala y crea otra.",
};

export const fieldMessage = (code: string | undefined) =>
  code === undefined ? undefined : (fieldMessages[code] ?? "Revisa este campo.");

/** Why a change was refused, said to the staff member. */
export function promotionErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "stale-version")
      return "Otra persona ha cambiado esta promoción mientras la editabas. Vuelve a cargar la página para ver sus cambios.";
    if (error.code === "promotion-ended") return "Esta promoción ya ha terminado y no se puede cambiar.";
    if (error.code === "code-taken") return "Ya hay una promoción con este código.";
    if (error.code === "fixed-after-use")
      return "La promoción ya se ha usado: lo que da y en qué no se puede cambiar.";
    if (error.code === "invalid-request" || error.status === 400) return "Revisa los campos marcados.";
    if (error.status === 401 || error.status === 403) return "Tu sesión ha terminado. Vuelve a entrar.";
  }
  return "No hemos podido guardar la promoción. Comprueba tu conexión e inténtalo de nuevo.";
}
