import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { ApiError } from "#web/lib/api-client.ts";
import { staffErrorMessage } from "../../api/staff-error-message.ts";
import { type ActionTarget, orderKey, runOrderAction } from "./order-calls.ts";

/** What the last action came to, said once at the top of the page. */
export type ActionOutcome = { kind: "success" | "error"; text: string; at: number };

/** Runs one action on the order; true when it was done. */
export type RunAction = (action: ActionTarget, payload: unknown, success: string) => Promise<boolean>;

const CONFLICT =
  "Otra persona ha cambiado este pedido mientras lo tenías abierto. Te mostramos cómo está ahora: revísalo antes de seguir.";

/** 409s that say more than "someone changed it": a buyer's return received twice (decision 059). */
const conflicts: Readonly<Record<string, string>> = {
  "request-closed":
    "Esta devolución ya se había recibido (quizá desde otra pestaña o por otra persona) y no se ha reembolsado dos veces. Te mostramos el pedido como está ahora.",
};

/** The refusals an action may meet that are not someone else's change, in Spanish. */
const refusals: Readonly<Record<string, string>> = {
  "nothing-to-refund": "Elige al menos una unidad o los gastos de envío.",
  "unknown-line": "Esa línea no es de este pedido.",
  "invalid-request": "Revisa los datos del formulario.",
  forbidden: "Tu rol no permite hacer esto en los pedidos.",
  "order-not-found": "Este pedido ya no existe.",
  "request-not-found": "Esa devolución ya no está pendiente.",
};

/** What an action's failure says: a known refusal, someone else's change, or the staff API's message. */
export function actionErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return staffErrorMessage(error);
  if (error.status === 409) return conflicts[error.code] ?? CONFLICT;
  return refusals[error.code] ?? staffErrorMessage(error);
}

/**
 * The order's actions (issue 30): each answer is the order as it is now, put in the page's cache;
 * a 409 (the order moved on, often by another staff member) fetches the order again and says so.
 */
export function useOrderAction(number: string): { run: RunAction; outcome: ActionOutcome | null } {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const run = useCallback<RunAction>(
    async (action, payload, success) => {
      setOutcome(null);
      try {
        const order = await runOrderAction(number, action, payload);
        queryClient.setQueryData(orderKey(number), { kind: "order", order });
        setOutcome({ kind: "success", text: success, at: Date.now() });
        return true;
      } catch (error) {
        const conflict = error instanceof ApiError && error.status === 409;
        if (conflict) await queryClient.refetchQueries({ queryKey: orderKey(number), exact: true });
        setOutcome({ kind: "error", text: actionErrorText(error), at: Date.now() });
        return false;
      }
    },
    [number, queryClient],
  );
  return { run, outcome };
}
