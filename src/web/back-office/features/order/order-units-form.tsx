import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { BackOfficeOrder } from "#shared/api/back-office-order-contract.ts";
import formStyles from "#web/ui/form.module.css";
import styles from "../../back-office.module.css";
import local from "./order.module.css";
import {
  fieldText,
  quoteErrors,
  quoteOf,
  type UnitsFormValues,
  unitsFormSchema,
  unitsRequest,
} from "./order-forms.ts";
import { euros } from "./order-labels.ts";
import type { RunAction } from "./use-order-action.ts";

type UnitsFormProps = {
  order: BackOfficeOrder;
  run: RunAction;
  kind: "refund" | "return";
};

const texts = {
  refund: {
    title: "Reembolsar una parte",
    hint: "Unidades que se devuelven de cada línea; el pedido sigue su curso.",
    submit: (amount: string) => `Reembolsar ${amount}`,
    done: (amount: string) => `Reembolso de ${amount} hecho; la factura de abono está en Documentos.`,
  },
  return: {
    title: "Aceptar una devolución",
    hint: "Unidades que han vuelto de cada línea: se reembolsan y el pedido pasa a «Devuelto».",
    submit: (amount: string) => `Aceptar la devolución y reembolsar ${amount}`,
    done: (amount: string) => `Devolución aceptada: ${amount} en reembolso; el pedido está devuelto.`,
  },
} as const;

/**
 * Units per line, the shipping and whether they go back on sale, with the amount they give back
 * priced as the server will (`quoteRefund`, decision 038) before the button that does it.
 */
export function UnitsForm({ order, run, kind }: UnitsFormProps) {
  const text = texts[kind];
  const form = useForm<UnitsFormValues>({
    resolver: zodResolver(unitsFormSchema),
    defaultValues: { units: order.lines.map(() => 0), shipping: false, restock: true, note: "" },
  });
  const { errors, isSubmitting } = form.formState;
  // Watched so the amount follows every change of the fields.
  const quoted = quoteOf(order, form.watch());
  const amount = quoted.ok ? euros(quoted.quote.totalCents) : null;
  const onSubmit = form.handleSubmit(async (submitted) => {
    const request = unitsRequest(order, submitted);
    const priced = quoteOf(order, submitted);
    const done = await run(kind, request, text.done(priced.ok ? euros(priced.quote.totalCents) : ""));
    if (done) form.reset({ units: order.lines.map(() => 0), shipping: false, restock: true, note: "" });
  });
  const canRefundShipping = !order.shippingRefunded && order.totals.shippingCents > 0;
  return (
    <form
      className={local.action}
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${kind}-title`}
    >
      <h3 id={`${kind}-title`}>{text.title}</h3>
      <p className={styles.muted}>{text.hint}</p>
      <fieldset className={local.units}>
        <legend>Unidades</legend>
        {order.lines.map((line, index) => {
          const left = line.quantity - line.refundedQuantity;
          const id = `${kind}-units-${line.position}`;
          const error = fieldText(errors.units?.[index]?.message);
          return (
            <div key={line.position} className={local.unitRow}>
              <label htmlFor={id}>
                {line.name} <span className={styles.muted}>(quedan {left})</span>
              </label>
              <input
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                max={left}
                disabled={left === 0}
                className={`${error ? formStyles.inputInvalid : formStyles.input} ${local.unitInput}`}
                aria-invalid={error ? true : undefined}
                {...form.register(`units.${index}`, { valueAsNumber: true })}
              />
              {error && <p className={formStyles.error}>{error}</p>}
            </div>
          );
        })}
      </fieldset>
      <label className={formStyles.check}>
        <input type="checkbox" disabled={!canRefundShipping} {...form.register("shipping")} />
        Devolver también los gastos de envío ({euros(order.totals.shippingCents)})
        {order.shippingRefunded ? ": ya devueltos" : ""}
      </label>
      <label className={formStyles.check}>
        <input type="checkbox" {...form.register("restock")} />
        Las unidades vuelven a la venta (desmárcalo si llegaron dañadas)
      </label>
      <p className={local.amount} aria-live="polite">
        {amount ? (
          <>
            Importe a devolver: <strong>{amount}</strong>
          </>
        ) : (
          (!quoted.ok && quoted.error !== "nothing-to-refund" && quoteErrors[quoted.error]) ||
          "Elige las unidades para ver el importe."
        )}
      </p>
      <button type="submit" className={formStyles.submit} disabled={isSubmitting || !quoted.ok}>
        {amount ? text.submit(amount) : text.title}
      </button>
    </form>
  );
}
