import { Suspense } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Navigate, useCurrentUrl } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import styles from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { StockResults } from "./stock-results.tsx";
import { StockSearch } from "./stock-search.tsx";
import { readStockAddress } from "./stock-url.ts";
import { ThresholdForm } from "./threshold-form.tsx";

/**
 * `/gestion/stock`: the catalogue's products with their units (issue 32), the low ones marked,
 * searched by the address's query; the owner sets the low-stock threshold here.
 */
export function StockPage() {
  const { me, redirect } = useStaffMe("stock");
  const { search } = useCurrentUrl();
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="stock-title">
      <title>Stock · Gestión</title>
      <h1 id="stock-title">Stock</h1>
      <StockSearch address={readStockAddress(search)} />
      <ErrorBoundary key={search} fallback={<ListFailed />}>
        <Suspense fallback={<p className={styles.muted}>Cargando el stock…</p>}>
          <StockResults search={search} />
          {me.role === "owner" && <ThresholdForm search={search} />}
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

function ListFailed() {
  return (
    <p className={styles.notice} role="alert">
      No hemos podido cargar el stock. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
