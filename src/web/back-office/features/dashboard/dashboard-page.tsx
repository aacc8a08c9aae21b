import { useSuspenseQuery } from "@tanstack/react-query";
import type { SalesDay } from "#shared/api/back-office-dashboard-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Navigate } from "#web/lib/routing.tsx";
import { roleNames } from "../../api/staff-access.ts";
import shared from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { DailyChart } from "./daily-chart.tsx";
import styles from "./dashboard.module.css";
import { dashboardQuery } from "./dashboard-calls.ts";
import { euros, longDay } from "./dashboard-format.ts";
import { DaysTable } from "./days-table.tsx";
import { HeadlineFigures } from "./headline-figures.tsx";
import { LowStock } from "./low-stock.tsx";
import { OrdersToShip } from "./orders-to-ship.tsx";

// Module-level, so the charts' effects see the same functions on every render.
const revenueOf = (day: SalesDay) => day.revenueCents;
const ordersOf = (day: SalesDay) => day.orders;
const count = (value: number) => String(value);
const TABLE_ID = "dashboard-days";

/** `/gestion`: the signed-in member's summary of the shop (issue 30, decision 046). */
export function DashboardPage() {
  const { me, redirect } = useStaffMe("home");
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={`${shared.panel} ${shared.wide}`} aria-labelledby="dashboard-title">
      <title>Gestión</title>
      <h1 id="dashboard-title">Hola, {me.name}</h1>
      <p className={shared.muted}>{roleNames[me.role]}</p>
      <DashboardFigures />
    </section>
  );
}

function DashboardFigures() {
  const { data } = useSuspenseQuery(dashboardQuery());
  const { today, last30Days, toShip, lowStock } = data;
  return (
    <>
      <div className={styles.headlines}>
        <HeadlineFigures id="today-title" title={`Hoy, ${longDay(today.day)}`} figures={today} />
        <HeadlineFigures id="month-title" title="Últimos 30 días" figures={last30Days.totals} />
      </div>
      <section className={styles.charts} aria-labelledby="charts-title">
        <h2 id="charts-title">Cada día de los últimos 30</h2>
        <DailyChart
          id="revenue-chart"
          title="Ingresos por día"
          days={last30Days.days}
          pick={revenueOf}
          total={last30Days.totals.revenueCents}
          format={euros}
          smallestStep={100}
          tableId={TABLE_ID}
        />
        <DailyChart
          id="orders-chart"
          title="Pedidos por día"
          days={last30Days.days}
          pick={ordersOf}
          total={last30Days.totals.orders}
          format={count}
          smallestStep={1}
          tableId={TABLE_ID}
        />
        <DaysTable id={TABLE_ID} days={last30Days.days} />
      </section>
      <div className={styles.workGrid}>
        <OrdersToShip toShip={toShip} />
        <LowStock lowStock={lowStock} />
      </div>
    </>
  );
}
