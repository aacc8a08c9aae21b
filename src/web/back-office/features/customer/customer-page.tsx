import { useSuspenseQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import type { ErasureOutline } from "#shared/api/back-office-customer-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, Navigate, useParams } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import styles from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { customerQuery } from "./customer-calls.ts";
import { CustomerErase } from "./customer-erase.tsx";
import { CustomerSections } from "./customer-sections.tsx";

/**
 * `/gestion/clientes/:id`: one customer (issue 30): profile, addresses, orders, newsletter, what
 * staff did, the download of their data and, for the owner, the erasure of the account
 * (decision 045).
 */
export function CustomerPage() {
  const { me, redirect } = useStaffMe("customer");
  const id = useParams().id ?? "";
  const [erased, setErased] = useState<ErasureOutline | null>(null);
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  if (erased) return <Erased outline={erased} />;
  return (
    <ErrorBoundary key={id} fallback={<Failed />}>
      <Suspense fallback={<p className={styles.muted}>Cargando el cliente…</p>}>
        <Customer id={id} mayErase={me.role === "owner"} onErased={setErased} />
      </Suspense>
    </ErrorBoundary>
  );
}

function Customer(props: { id: string; mayErase: boolean; onErased: (outline: ErasureOutline) => void }) {
  const { data } = useSuspenseQuery(customerQuery(props.id));
  if (data.kind === "missing") return <Missing />;
  const { detail } = data;
  const name = `${detail.profile.name} ${detail.profile.lastName}`.trim() || detail.profile.email;
  return (
    <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="customer-title">
      <title>{`${name} · Clientes · Gestión`}</title>
      <p>
        <Link to={backOfficePaths.customers()}>← Clientes</Link>
      </p>
      <h1 id="customer-title">{name}</h1>
      <CustomerSections detail={detail} />
      <CustomerErase detail={detail} mayErase={props.mayErase} onErased={props.onErased} />
    </section>
  );
}

/** What the erasure removed and kept, once it is done: the account's page is gone. */
function Erased({ outline }: { outline: ErasureOutline }) {
  const kept = outline.ordersKept;
  return (
    <section className={styles.panel} aria-labelledby="erased-title">
      <title>Cuenta borrada · Clientes · Gestión</title>
      <h1 id="erased-title">Cuenta borrada</h1>
      <p role="status">
        La cuenta y sus datos se han borrado y sus sesiones se han cerrado.{" "}
        {kept === 0
          ? "No tenía pedidos."
          : `Se ${kept === 1 ? "conserva 1 pedido" : `conservan ${kept} pedidos`} con sus facturas, sin cuenta asociada.`}
      </p>
      <p>
        <Link to={backOfficePaths.customers()}>Volver a clientes</Link>
      </p>
    </section>
  );
}

function Missing() {
  return (
    <section className={styles.panel} aria-labelledby="missing-title">
      <title>Cliente no encontrado · Gestión</title>
      <h1 id="missing-title">Cliente no encontrado</h1>
      <p>No hay ninguna cuenta con esta dirección. Puede que se haya borrado.</p>
      <p>
        <Link to={backOfficePaths.customers()}>Volver a clientes</Link>
      </p>
    </section>
  );
}

function Failed() {
  return (
    <p className={styles.notice} role="alert">
      No hemos podido cargar el cliente. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
