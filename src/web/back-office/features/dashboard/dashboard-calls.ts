import { queryOptions } from "@tanstack/react-query";
import { type Dashboard, dashboardSchema } from "#shared/api/back-office-dashboard-contract.ts";
import { fetcherOf } from "#web/lib/query-client.ts";
import { call } from "../../api/staff-calls.ts";

/** `GET /api/gestion/dashboard`: today, the last 30 days, the orders to ship, the low stock. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ["gestion", "dashboard"],
    queryFn: async ({ client }): Promise<Dashboard> =>
      dashboardSchema.parse(await call(fetcherOf(client), "/api/gestion/dashboard")),
    staleTime: 60_000,
  });
