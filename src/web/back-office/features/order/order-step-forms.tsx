import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { BackOfficeOrder } from "#shared/api/back-office-order-contract.ts";
import { quoteRefund, remainingRequest } from "#shared/checkout/refunds.ts";
import formStyles from "#web/ui/form.module.css";
import { FormField, SelectField } from "#web/ui/form-field.tsx";
import styles from "../../back-office.module.css";
import local from "./order.module.css";
import {
  fieldText,
  type NoteFormValues,
  noteFormSchema,
  type ShipFormInput,
  type ShipFormValues,
  shipFormSchema,
} from "./order-forms.ts";
import { carrierOptions, euros } from "./order-labels.ts";
import type { RunAction } from "./use-order-action.ts";

type FormProps = { order: BackOfficeOrder; run: RunAction };

export function ShipForm({ order, run }: FormProps) {
  const form = useForm<ShipFormInput, unknown, ShipFormValues>({
    resolver: zodResolver(shipFormSchema),
    defaultValues: { carrier: "", trackingNumber: "", note: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (await run("ship", values, `Pedido ${order.number} enviado con el número ${values.trackingNumber}.`))
      form.reset();
  });
  return (
    <form className={local.action} method="post" onSubmit={onSubmit} noValidate aria-labelledby="ship-title">
      <h3 id="ship-title">Enviar</h3>
      <SelectField
        id="ship-carrier"
        label="Transportista"
        placeholder="Elige el transportista"
        options={carrierOptions}
        error={fieldText(errors.carrier?.message)}
        {...form.register("carrier")}
      />
      <FormField
        id="ship-tracking"
        label="Número de seguimiento"
        autoComplete="off"
        autoCapitalize="characters"
        error={fieldText(errors.trackingNumber?.message)}
        {...form.register("trackingNumber")}
      />
      <button type="submit" className={formStyles.submit} disabled={isSubmitting}>
        {isSubmitting ? "Enviando…" : "Marcar como enviado"}
      </button>
    </form>
  );
}

/** A step that asks nothing but the click: being packed, being delivered. */
function PlainStepForm(props: {
  run: FormProps["run"];
  step: "prepare" | "deliver";
  title: string;
  hint: string;
  button: string;
  success: string;
}) {
  const [busy, setBusy] = useState(false);
  const titleId = `${props.step}-title`;
  return (
    <form
      className={local.action}
      method="post"
      aria-labelledby={titleId}
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        await props.run(props.step, {}, props.success);
        setBusy(false);
      }}
    >
      <h3 id={titleId}>{props.title}</h3>
      <p className={styles.muted}>{props.hint}</p>
      <button type="submit" className={formStyles.submit} disabled={busy}>
        {props.button}
      </button>
    </form>
  );
}

export function PrepareForm({ order, run }: FormProps) {
  return (
    <PlainStepForm
      run={run}
      step="prepare"
      title="Preparación"
      hint="Cuando empieces a preparar el paquete: el comprador verá que su pedido está en preparación."
      button="Pasar a preparación"
      success={`Pedido ${order.number} en preparación.`}
    />
  );
}

export function DeliverForm({ order, run }: FormProps) {
  return (
    <PlainStepForm
      run={run}
      step="deliver"
      title="Entrega"
      hint="Cuando el transportista confirme que lo ha entregado."
      button="Marcar como entregado"
      success={`Pedido ${order.number} marcado como entregado.`}
    />
  );
}

/** Cancelling gives the money back: an inline second step says how much before it is done. */
export function CancelForm({ order, run }: FormProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const rest = quoteRefund(
    {
      lines: order.lines,
      shippingCents: order.totals.shippingCents,
      shippingVatRate: order.shippingVatRate,
      shippingRefunded: order.shippingRefunded,
    },
    remainingRequest({
      lines: order.lines,
      shippingCents: order.totals.shippingCents,
      shippingVatRate: order.shippingVatRate,
      shippingRefunded: order.shippingRefunded,
    }),
  );
  const amount = rest.ok && order.payment?.status === "captured" ? rest.quote.totalCents : 0;
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  return (
    <section className={local.action} aria-labelledby="cancel-title">
      <h3 id="cancel-title">Cancelar</h3>
      {confirming ? (
        <>
          <p className={styles.notice}>
            {amount > 0
              ? `Se cancelará el pedido y se devolverán ${euros(amount)} al cliente por el mismo medio de pago. No se puede deshacer.`
              : "Se cancelará el pedido. No se puede deshacer."}
          </p>
          <button
            ref={confirmRef}
            type="button"
            className={formStyles.dangerButton}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const done = await run(
                "cancel",
                {},
                `Pedido ${order.number} cancelado${amount > 0 ? ` y ${euros(amount)} en reembolso` : ""}.`,
              );
              setBusy(false);
              if (!done) setConfirming(false);
            }}
          >
            {amount > 0 ? `Sí, cancelar y reembolsar ${euros(amount)}` : "Sí, cancelar"}
          </button>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setConfirming(false);
              requestAnimationFrame(() => openRef.current?.focus());
            }}
          >
            No, volver
          </button>
        </>
      ) : (
        <button ref={openRef} type="button" className={styles.secondary} onClick={() => setConfirming(true)}>
          Cancelar el pedido…
        </button>
      )}
    </section>
  );
}

/** A note for the team, kept in the history; the buyer never sees it. */
export function NoteForm({ order, run }: FormProps) {
  const id = useId();
  const form = useForm<NoteFormValues>({
    resolver: zodResolver(noteFormSchema),
    defaultValues: { note: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const error = fieldText(errors.note?.message);
  const onSubmit = form.handleSubmit(async (values) => {
    if (await run("note", values, `Nota guardada en el pedido ${order.number}.`)) form.reset();
  });
  return (
    <form className={local.action} method="post" onSubmit={onSubmit} noValidate aria-labelledby="note-title">
      <h3 id="note-title">Nota interna</h3>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-note`}>Nota (solo la ve el equipo)</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          className={`${error ? formStyles.inputInvalid : formStyles.input} ${local.textarea}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-note-error` : undefined}
          {...form.register("note")}
        />
        {error && (
          <p id={`${id}-note-error`} className={formStyles.error}>
            {error}
          </p>
        )}
      </div>
      <button type="submit" className={styles.secondary} disabled={isSubmitting}>
        Guardar nota
      </button>
    </form>
  );
}

/**
 * A buyer's return request waiting for its parcel (decision 059): received, exactly its units are
 * refunded with a credit note, back on sale unless unticked, and the buyer is mailed.
 */
export function ReceiveReturnForm({
  order,
  run,
  request,
}: FormProps & { request: BackOfficeOrder["returnRequests"][number] }) {
  const id = useId();
  const [restock, setRestock] = useState(true);
  const [busy, setBusy] = useState(false);
  const units = request.lines.map((line) => ({
    ...line,
    name: order.lines.find((sold) => sold.position === line.position)?.name ?? "",
  }));
  async function receive(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    await run(
      { receiveReturn: request.id },
      { restock },
      `Devolución recibida: reembolso y factura de abono del pedido ${order.number} en curso.`,
    );
    setBusy(false);
  }
  return (
    <form
      className={local.action}
      method="post"
      onSubmit={(event) => void receive(event)}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>Devolución pedida el {new Date(request.createdAt).toLocaleString("es-ES")}</h3>
      <ul>
        {units.map((line) => (
          <li key={line.position}>
            {line.quantity} × {line.name}
          </li>
        ))}
      </ul>
      <label>
        <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />{" "}
        Vuelve a la venta
      </label>
      <button type="submit" className={formStyles.submit} disabled={busy}>
        {busy ? "Reembolsando…" : "Paquete recibido: reembolsar estas unidades"}
      </button>
    </form>
  );
}
