import { Suspense } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Navigate, useCurrentUrl } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import styles from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { CustomerResults } from "./customer-results.tsx";
import { CustomerSearch } from "./customer-search.tsx";
import { readCustomersAddress } from "./customers-url.ts";

/**
 * `/gestion/clientes`: the shop's accounts, searched and paged by the address's query (issue 30),
 * so a search can be linked, reloaded and gone back to.
 */
export function CustomersPage() {
  const { me, redirect } = useStaffMe("customers");
  const { search } = useCurrentUrl();
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="customers-title">
      <title>Clientes · Gestión</title>
      <h1 id="customers-title">Clientes</h1>
      <CustomerSearch address={readCustomersAddress(search)} />
      <ErrorBoundary key={search} fallback={<ListFailed />}>
        <Suspense fallback={<p className={styles.muted}>Cargando clientes…</p>}>
          <CustomerResults search={search} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

function ListFailed() {
  return (
    <p className={styles.notice} role="alert">
      No hemos podido cargar los clientes. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
