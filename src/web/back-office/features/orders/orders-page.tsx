import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useRef } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Navigate, useCurrentUrl } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import styles from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { NewOrdersBanner } from "./new-orders-banner.tsx";
import { OrderFilters } from "./order-filters.tsx";
import { OrderResults } from "./order-results.tsx";
import { ordersKey } from "./orders-calls.ts";
import { readListAddress } from "./orders-url.ts";
import { useNewOrders } from "./use-new-orders.ts";

/**
 * `/gestion/pedidos`: the orders, searched, filtered, sorted and paged by the address's query
 * (issue 30), so a list can be linked, reloaded and gone back to. Orders paid meanwhile are
 * announced, never slipped into the list under the reader's cursor (decision 043).
 */
export function OrdersPage() {
  const { me, redirect } = useStaffMe("orders");
  const { search } = useCurrentUrl();
  const fresh = useNewOrders();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  const address = readListAddress(search);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ordersKey });
    fresh.clear();
    heading.current?.focus();
  };
  return (
    <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="orders-title">
      <title>Pedidos · Gestión</title>
      <h1 id="orders-title" ref={heading} tabIndex={-1}>
        Pedidos
      </h1>
      <OrderFilters search={search} address={address} />
      <NewOrdersBanner
        numbers={fresh.numbers}
        missed={fresh.missed}
        signedOut={fresh.signedOut}
        onRefresh={refresh}
      />
      <ErrorBoundary key={search} fallback={<ListFailed />}>
        <Suspense fallback={<p className={styles.muted}>Cargando pedidos…</p>}>
          <OrderResults search={search} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

function ListFailed() {
  return (
    <p className={styles.notice} role="alert">
      No hemos podido cargar los pedidos. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
