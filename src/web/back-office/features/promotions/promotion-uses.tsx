import { useSuspenseQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import type { CouponUse } from "#shared/api/back-office-coupon-uses-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { formatPrice } from "#shared/money.ts";
import shopper from "#web/lib/i18n/locales/es.shopper.json";
import { Link } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import shared from "../../back-office.module.css";
import listPage from "../../components/list-page.module.css";
import { ListPager } from "../../components/list-pager.tsx";
import { couponUsesQuery } from "./promotion-uses-calls.ts";

/** «Pedidos con este código»: the orders that used the coupon, newest first, paged by `?page=` (issue 32). */
export function PromotionUses({ code, search }: { code: string; search: string }) {
  return (
    <section aria-labelledby="uses-title">
      <h2 id="uses-title">Pedidos con este código</h2>
      <ErrorBoundary key={search} fallback={<UsesFailed />}>
        <Suspense fallback={<p className={shared.muted}>Cargando los pedidos…</p>}>
          <Uses code={code} search={search} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

const countText = (total: number) =>
  total === 0
    ? "Ningún pedido ha usado este código."
    : `${total} ${total === 1 ? "pedido lo ha usado" : "pedidos lo han usado"}, también los cancelados o sin pagar.`;

function Uses({ code, search }: { code: string; search: string }) {
  const { data } = useSuspenseQuery(couponUsesQuery(code, search));
  const path = backOfficePaths.promotion(code);
  if (data.kind === "missing")
    return (
      <p>
        No hay esa página de pedidos. <Link to={path}>Ver los más recientes</Link>
      </p>
    );
  const { uses } = data;
  return (
    <>
      <p>{countText(uses.total)}</p>
      {uses.items.length > 0 && <UsesTable items={uses.items} />}
      <ListPager
        label="Páginas de pedidos con este código"
        page={uses.page}
        total={uses.total}
        pageSize={uses.pageSize}
        href={(page) => (page === 1 ? path : `${path}?page=${page}`)}
      />
    </>
  );
}

function UsesTable({ items }: { items: readonly CouponUse[] }) {
  return (
    <table className={listPage.table}>
      <caption className={listPage.caption}>Pedidos con este código, del más reciente al más antiguo</caption>
      <thead>
        <tr>
          <th scope="col">Pedido</th>
          <th scope="col">Correo</th>
          <th scope="col">Fecha</th>
          <th scope="col">Descuento</th>
          <th scope="col">Estado</th>
        </tr>
      </thead>
      <tbody>
        {items.map((use) => (
          <tr key={`${use.placedAt} ${use.number ?? use.email}`}>
            <th scope="row" data-label="Pedido">
              {use.number ? <Link to={backOfficePaths.order(use.number)}>{use.number}</Link> : "Sin pagar"}
            </th>
            <td data-label="Correo" className={listPage.email}>
              {use.email}
            </td>
            <td data-label="Fecha">{formatShopDateTime(use.placedAt, "es")}</td>
            <td data-label="Descuento">{formatPrice(use.discountCents, "es")}</td>
            <td data-label="Estado">{shopper.orders.status[use.status]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function UsesFailed() {
  return (
    <p className={shared.notice} role="alert">
      No hemos podido cargar los pedidos de esta promoción. Vuelve a cargar la página.
    </p>
  );
}
