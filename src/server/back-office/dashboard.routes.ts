import { Hono } from "hono";
import type { Dashboard } from "#shared/api/back-office-dashboard-contract.ts";
import type { StaffEnv } from "../staff/staff-guard.ts";
import type { BackOfficeDeps } from "./back-office-deps.ts";
import { readSalesDays } from "./dashboard-sales.ts";
import { readLowStock, readOrdersToShip } from "./dashboard-work.ts";

/**
 * The back office's landing figures (issue 30, decision 046): today and the last 30 days, the
 * orders waiting to ship and the products running out. Every staff member reads them.
 */
export function dashboardRoutes({ db, catalog, now }: BackOfficeDeps) {
  return new Hono<StaffEnv>().get("/", async (c) => {
    const [sales, toShip, lowStock] = await Promise.all([
      readSalesDays(db, now()),
      readOrdersToShip(db),
      readLowStock(db, catalog),
    ]);
    const today = sales.days.at(-1);
    if (!today) throw new Error("the dashboard has no today");
    const dashboard: Dashboard = { today, last30Days: sales, toShip, lowStock };
    c.header("cache-control", "private, no-store");
    return c.json(dashboard);
  });
}
