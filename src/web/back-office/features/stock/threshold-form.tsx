import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { stockThresholdSchema } from "#shared/api/back-office-stock-contract.ts";
import { StaffApiError } from "../../api/staff-api-error.ts";
import shared from "../../back-office.module.css";
import listPage from "../../components/list-page.module.css";
import styles from "./stock.module.css";
import { setThreshold, stockKey, stockListQuery } from "./stock-calls.ts";

type Message = { kind: "error" | "done"; text: string };

/** «Umbral de poco stock»: the owner's number, for the list, the product pages and the dashboard. */
export function ThresholdForm({ search }: { search: string }) {
  const { data } = useSuspenseQuery(stockListQuery(search));
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  if (data.kind === "invalid") return null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = stockThresholdSchema.safeParse({
      lowStockUnits: new FormData(event.currentTarget).get("lowStockUnits") || undefined,
    });
    if (!parsed.success) {
      setMessage({ kind: "error", text: "Escribe un número entero de 0 a 1000." });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const units = await setThreshold(parsed.data.lowStockUnits);
      await queryClient.invalidateQueries({ queryKey: stockKey });
      await queryClient.invalidateQueries({ queryKey: ["gestion", "dashboard"] });
      setMessage({ kind: "done", text: `Guardado: poco stock con ${units} unidades o menos.` });
    } catch (failure) {
      const forbidden = failure instanceof StaffApiError && failure.status === 403;
      setMessage({
        kind: "error",
        text: forbidden
          ? "Solo la persona propietaria de la tienda puede cambiar el umbral."
          : "No se ha podido guardar. Comprueba tu conexión y vuelve a intentarlo.",
      });
    } finally {
      setBusy(false);
    }
  };
  const failed = message?.kind === "error";
  return (
    <form method="post" className={styles.threshold} onSubmit={(event) => void submit(event)} noValidate>
      <div className={listPage.field}>
        <label htmlFor="stock-threshold">Umbral de poco stock (unidades)</label>
        <input
          id="stock-threshold"
          name="lowStockUnits"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          step={1}
          required
          defaultValue={data.list.threshold}
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? "stock-threshold-message" : "stock-threshold-hint"}
        />
        <span id="stock-threshold-hint" className={listPage.hint}>
          Un producto con estas unidades o menos se marca en la lista y en el resumen.
        </span>
      </div>
      <button type="submit" className={styles.secondary} disabled={busy}>
        Guardar umbral
      </button>
      {message && (
        <p
          id="stock-threshold-message"
          role={failed ? "alert" : "status"}
          className={failed ? styles.error : shared.muted}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
