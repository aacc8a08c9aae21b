import { useSuspenseQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, Navigate, useCurrentUrl, useParams } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import styles from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { StockState } from "../stock/stock-results.tsx";
import { AdjustForm } from "./adjust-form.tsx";
import { StockLedger } from "./stock-ledger.tsx";
import own from "./stock-product.module.css";
import { stockProductQuery } from "./stock-product-calls.ts";

/** `/gestion/stock/:id`: one product's units, the form to adjust them and the ledger, a page at a time (`?before=`, issue 32). */
export function StockProductPage() {
  const { me, redirect } = useStaffMe("stock-product");
  const id = useParams().id ?? "";
  const { search } = useCurrentUrl();
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <ErrorBoundary key={`${id}${search}`} fallback={<Failed />}>
      <Suspense fallback={<p className={styles.muted}>Cargando el producto…</p>}>
        <StockProduct id={id} search={search} />
      </Suspense>
    </ErrorBoundary>
  );
}

function StockProduct({ id, search }: { id: string; search: string }) {
  const { data } = useSuspenseQuery(stockProductQuery(id, search));
  if (data.kind === "missing") return <Missing />;
  const { page } = data;
  const { product } = page;
  return (
    <section className={`${styles.panel} ${styles.wide}`} aria-labelledby="stock-product-title">
      <title>{`${product.name} · Stock · Gestión`}</title>
      <p>
        <Link to={backOfficePaths.stock()}>← Stock</Link>
      </p>
      <h1 id="stock-product-title">{product.name}</h1>
      <dl className={styles.facts}>
        <dt>Referencia</dt>
        <dd>{product.reference || "—"}</dd>
        <dt>Unidades disponibles</dt>
        <dd className={own.available}>
          {product.available} <StockState row={product} />
        </dd>
        <dt>Poco stock</dt>
        <dd>
          Con {page.threshold} {page.threshold === 1 ? "unidad" : "unidades"} o menos
        </dd>
      </dl>
      <AdjustForm page={page} />
      <StockLedger page={page} />
    </section>
  );
}

function Missing() {
  return (
    <section className={styles.panel} aria-labelledby="missing-title">
      <title>Producto no encontrado · Gestión</title>
      <h1 id="missing-title">Producto no encontrado</h1>
      <p>No hay ningún producto del catálogo con esta dirección.</p>
      <p>
        <Link to={backOfficePaths.stock()}>Volver al stock</Link>
      </p>
    </section>
  );
}

function Failed() {
  return (
    <p className={styles.notice} role="alert">
      No hemos podido cargar el producto. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
