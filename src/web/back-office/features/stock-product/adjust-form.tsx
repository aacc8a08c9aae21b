import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import {
  type AdjustmentReason,
  adjustmentReasons,
  type StockAdjustmentRequest,
  type StockProduct,
  stockAdjustmentSchema,
} from "#shared/api/back-office-stock-contract.ts";
import { StaffApiError } from "../../api/staff-api-error.ts";
import shared from "../../back-office.module.css";
import { stockKey } from "../stock/stock-calls.ts";
import { changeText, quantityLabels, reasonNames } from "./stock-labels.ts";
import styles from "./stock-product.module.css";
import { adjustStock } from "./stock-product-calls.ts";

type Errors = { quantity?: string; note?: string; form?: string };

const fieldMessages: Readonly<Record<string, string>> = {
  "note-too-long": "La nota puede tener hasta 500 caracteres.",
  "text-invalid": "La nota tiene caracteres no válidos.",
};

/** The form's fields checked by the API's own schema, each problem said in Spanish. */
function check(
  form: FormData,
): { ok: true; request: StockAdjustmentRequest } | { ok: false; errors: Errors } {
  const quantity = form.get("quantity");
  const parsed = stockAdjustmentSchema.safeParse({
    reason: form.get("reason"),
    quantity: typeof quantity === "string" && quantity.trim() !== "" ? quantity : undefined,
    note: form.get("note") ?? "",
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const [field] = issue.path;
    if (field === "note") errors.note ??= fieldMessages[issue.message] ?? "Revisa la nota.";
    else if (field === "quantity") errors.quantity ??= "Escribe un número entero de unidades.";
    else errors.form ??= "Elige un motivo.";
  }
  return { ok: false, errors };
}

function refusal(failure: unknown): Errors {
  if (failure instanceof StaffApiError) {
    if (failure.code === "insufficient-stock")
      return { quantity: "No hay tantas unidades: el stock no puede quedar por debajo de 0." };
    if (failure.status === 404) return { form: "Este producto ya no está en el catálogo." };
    if (failure.status === 400) return { form: "Revisa los datos del ajuste." };
  }
  return { form: "No se ha podido guardar el ajuste. Comprueba tu conexión y vuelve a intentarlo." };
}

/** «Ajustar el stock»: a reason, the units and a note; the ledger keeps each adjustment with its author. */
export function AdjustForm({ page }: { page: StockProduct }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [reason, setReason] = useState<AdjustmentReason>("restock");
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = check(new FormData(form));
    setDone(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = await adjustStock(page.product.productId, checked.request);
      await queryClient.invalidateQueries({ queryKey: stockKey });
      form.reset();
      setReason("restock");
      setDone(
        answer.movement
          ? `Guardado: ${reasonNames[answer.movement.reason].toLowerCase()} de ${changeText(answer.movement.change)}. Quedan ${answer.product.available} unidades.`
          : `El recuento coincide: quedan ${answer.product.available} unidades, sin cambios.`,
      );
    } catch (failure) {
      setErrors(refusal(failure));
    } finally {
      setBusy(false);
    }
  };
  const quantityError = errors.quantity ? `${id}-quantity-error` : undefined;
  const noteError = errors.note ? `${id}-note-error` : undefined;
  return (
    <section aria-labelledby={`${id}-title`} className={styles.adjust}>
      <h2 id={`${id}-title`}>Ajustar el stock</h2>
      <form method="post" className={shared.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.reasons}>
          <legend>Motivo</legend>
          {adjustmentReasons.map((value) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {reasonNames[value]}
            </label>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-quantity`}>{quantityLabels[reason]}</label>
          <input
            id={`${id}-quantity`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={reason === "count" ? 0 : 1}
            step={1}
            required
            aria-invalid={quantityError ? true : undefined}
            aria-describedby={quantityError ?? `${id}-quantity-hint`}
          />
          <span id={`${id}-quantity-hint`} className={styles.hint}>
            Ahora hay {page.product.available} {page.product.available === 1 ? "unidad" : "unidades"}.
            {reason === "count" ? " El recuento fija el stock; el movimiento guarda la diferencia." : ""}
          </span>
          {errors.quantity && (
            <p id={quantityError} className={styles.error} role="alert">
              {errors.quantity}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-note`}>Nota (opcional)</label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={2}
            maxLength={500}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError}
          />
          {errors.note && (
            <p id={noteError} className={styles.error} role="alert">
              {errors.note}
            </p>
          )}
        </div>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? "Guardando…" : "Guardar ajuste"}
        </button>
        {errors.form && (
          <p className={styles.error} role="alert">
            {errors.form}
          </p>
        )}
        {/* Always there, so the news is read out when it fills. */}
        <p role="status" className={styles.done}>
          {done}
        </p>
      </form>
    </section>
  );
}
