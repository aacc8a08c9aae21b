import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { BackOfficeOrder } from "#shared/api/back-office-order-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, Navigate, useParams } from "#web/lib/routing.tsx";
import formStyles from "#web/ui/form.module.css";
import styles from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import local from "./order.module.css";
import { orderQuery } from "./order-calls.ts";
import { statusLabels } from "./order-labels.ts";
import {
  OrderBuyer,
  OrderDelivery,
  OrderDocuments,
  OrderHistory,
  OrderLines,
  OrderPayment,
  OrderSummary,
} from "./order-sections.tsx";
import {
  CancelForm,
  DeliverForm,
  NoteForm,
  PrepareForm,
  ReceiveReturnForm,
  ShipForm,
} from "./order-step-forms.tsx";
import { UnitsForm } from "./order-units-form.tsx";
import { type ActionOutcome, type RunAction, useOrderAction } from "./use-order-action.ts";

/** `/gestion/pedidos/:number`: one order, everything to handle it, and what can be done now (issue 30). */
export function OrderPage() {
  const { me, redirect } = useStaffMe("order");
  const { number = "" } = useParams();
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return <OrderAt number={number} />;
}

function OrderAt({ number }: { number: string }) {
  const { data } = useSuspenseQuery(orderQuery(number));
  const { run, outcome } = useOrderAction(number);
  if (data.kind === "not-found") {
    return (
      <section className={styles.panel} aria-labelledby="order-title">
        <title>Pedido no encontrado · Gestión</title>
        <h1 id="order-title">No hay ningún pedido {number}</h1>
        <p>
          <Link href={backOfficePaths.orders()}>Volver a los pedidos</Link>
        </p>
      </section>
    );
  }
  const { order } = data;
  return (
    <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="order-title">
      <title>{`Pedido ${order.number} · Gestión`}</title>
      <p>
        <Link href={backOfficePaths.orders()}>← Pedidos</Link>
      </p>
      <h1 id="order-title">
        Pedido {order.number} <span className={local.status}>{statusLabels[order.status]}</span>
      </h1>
      <OutcomeMessage outcome={outcome} />
      <div className={local.layout}>
        <div className={local.sections}>
          <OrderSummary order={order} />
          <OrderLines order={order} />
          <OrderDelivery order={order} />
          <OrderBuyer order={order} />
          <OrderPayment order={order} />
          <OrderDocuments order={order} />
        </div>
        <OrderActions order={order} run={run} />
      </div>
      <OrderHistory order={order} />
    </section>
  );
}

/** The last action's sentence; focused, so keyboard users land on it when their form goes away. */
function OutcomeMessage({ outcome }: { outcome: ActionOutcome | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  return (
    <div ref={ref} tabIndex={-1} className={local.outcome}>
      <p role="status" className={local.success}>
        {outcome?.kind === "success" ? outcome.text : ""}
      </p>
      {outcome?.kind === "error" && (
        <p role="alert" className={formStyles.formError}>
          {outcome.text}
        </p>
      )}
    </div>
  );
}

function OrderActions({ order, run }: { order: BackOfficeOrder; run: RunAction }) {
  const can = (action: BackOfficeOrder["actions"][number]) => order.actions.includes(action);
  // Keyed by status: a form of a step just taken starts afresh.
  return (
    <section className={local.actions} aria-labelledby="order-actions" key={order.status}>
      <h2 id="order-actions">Acciones</h2>
      {can("prepare") && <PrepareForm order={order} run={run} />}
      {can("ship") && <ShipForm order={order} run={run} />}
      {can("deliver") && <DeliverForm order={order} run={run} />}
      {can("refund") &&
        order.returnRequests.map((request) => (
          <ReceiveReturnForm key={request.id} order={order} run={run} request={request} />
        ))}
      {can("return") && <UnitsForm order={order} run={run} kind="return" />}
      {can("refund") && <UnitsForm order={order} run={run} kind="refund" />}
      {can("cancel") && <CancelForm order={order} run={run} />}
      {can("note") && <NoteForm order={order} run={run} />}
    </section>
  );
}
