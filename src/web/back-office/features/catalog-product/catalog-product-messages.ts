import { ApiError } from "#web/lib/api-client.ts";

/** What the page says when a change was refused because someone else changed the product first. */
export const STALE_MESSAGE =
  "Otra persona ha cambiado este producto mientras lo editabas: tus cambios no se han guardado. Carga su estado actual y vuelve a hacerlos.";

/** Why a change was refused (other than by someone else's change), said to the staff member. */
export function catalogErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "product-not-found" || error.status === 404)
      return "Este producto ya no está en el catálogo.";
    if (error.code === "invalid-request" || error.status === 400) return "Revisa los campos marcados.";
    if (error.status === 401 || error.status === 403) return "Tu sesión ha terminado. Vuelve a entrar.";
  }
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError)
    return "No hay conexión con la tienda. Comprueba tu conexión e inténtalo de nuevo.";
  return "No hemos podido guardar el producto. Inténtalo de nuevo dentro de un momento.";
}
