import { Suspense } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, Navigate, useCurrentUrl } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import styles from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { CatalogResults } from "./catalog-results.tsx";
import { CatalogSearch } from "./catalog-search.tsx";
import { readCatalogAddress } from "./catalog-url.ts";

/**
 * `/gestion/catalogo`: the catalogue's products as the database holds them, hidden ones too
 * (issue 32), searched and filtered by the address's query; each opens its page to edit it.
 */
export function CatalogPage() {
  const { me, redirect } = useStaffMe("catalog");
  const { search } = useCurrentUrl();
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="catalog-title">
      <title>Catálogo · Gestión</title>
      <h1 id="catalog-title">Catálogo</h1>
      {me.role === "owner" && (
        <p>
          <Link to={backOfficePaths.catalogImport()}>Importar catálogo</Link>
        </p>
      )}
      <CatalogSearch address={readCatalogAddress(search)} />
      <ErrorBoundary key={search} fallback={<ListFailed />}>
        <Suspense fallback={<p className={styles.muted}>Cargando el catálogo…</p>}>
          <CatalogResults search={search} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

function ListFailed() {
  return (
    <p className={styles.notice} role="alert">
      No hemos podido cargar el catálogo. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
