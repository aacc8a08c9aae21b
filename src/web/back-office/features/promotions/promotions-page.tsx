import { useSuspenseQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, Navigate } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import shared from "../../back-office.module.css";
import listPage from "../../components/list-page.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { datesText, stateNames, usesText, whatItGives } from "./promotion-labels.ts";
import styles from "./promotions.module.css";
import { promotionsQuery } from "./promotions-calls.ts";

/** `/gestion/promociones`: the shop's coupons, what each gives, its state and its use (issue 32). */
export function PromotionsPage() {
  const { me, redirect } = useStaffMe("promotions");
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={`${shared.panel} ${shared.wide}`} aria-labelledby="promotions-title">
      <title>Promociones · Gestión</title>
      <div className={styles.heading}>
        <h1 id="promotions-title">Promociones</h1>
        <Link to={backOfficePaths.newPromotion()} className={styles.primary}>
          Nueva promoción
        </Link>
      </div>
      <ErrorBoundary fallback={<ListFailed />}>
        <Suspense fallback={<p className={shared.muted}>Cargando promociones…</p>}>
          <PromotionTable />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

/** A table that becomes one card per coupon on a phone. */
function PromotionTable() {
  const { data } = useSuspenseQuery(promotionsQuery());
  if (data.items.length === 0) return <p role="status">Todavía no hay promociones.</p>;
  return (
    <table className={listPage.table}>
      <caption className={listPage.caption}>Promociones, de la más nueva a la más antigua</caption>
      <thead>
        <tr>
          <th scope="col">Código</th>
          <th scope="col">Qué da</th>
          <th scope="col">Estado</th>
          <th scope="col">Fechas</th>
          <th scope="col">Usos</th>
        </tr>
      </thead>
      <tbody>
        {data.items.map((row) => (
          <tr key={row.code}>
            <th scope="row" data-label="Código">
              <Link to={backOfficePaths.promotion(row.code)}>{row.code}</Link>
              {row.personal ? <span className={shared.muted}> (de un solo cliente)</span> : null}
            </th>
            <td data-label="Qué da">{whatItGives(row)}</td>
            <td data-label="Estado">
              <span className={styles[row.state]}>{stateNames[row.state]}</span>
            </td>
            <td data-label="Fechas">{datesText(row)}</td>
            <td data-label="Usos">{usesText(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ListFailed() {
  return (
    <p className={shared.notice} role="alert">
      No hemos podido cargar las promociones. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
