import { Hono } from "hono";
import type { BackOfficeDeps } from "./back-office-deps.ts";
import { catalogProductRoutes } from "./catalog.routes.ts";
import { customerRoutes } from "./customers.routes.ts";
import { dashboardRoutes } from "./dashboard.routes.ts";
import { newsletterRoutes } from "./newsletter.routes.ts";
import { orderActionRoutes } from "./order-actions.routes.ts";
import { orderListRoutes } from "./order-list.routes.ts";
import { pictureRoutes } from "./pictures.routes.ts";
import { promotionRoutes } from "./promotions.routes.ts";
import { reviewModerationRoutes } from "./reviews.routes.ts";
import { stockRoutes } from "./stock.routes.ts";

/** The back office's sections under /api/gestion; the staff identity's own routes sit beside them. */
const SECTIONS = [
  "/orders",
  "/customers",
  "/dashboard",
  "/promotions",
  "/stock",
  "/pictures",
  "/catalog",
  "/newsletter",
  "/reviews",
] as const;

/**
 * The back office's work (issue 30), under /api/gestion beside the staff identity's routes:
 * orders, customers and the dashboard. One guard stands before every section (a staff session
 * with its second factor, `c.get("staff")` after it); a route for the owner alone adds
 * `requireStaff({ role: "owner" })`.
 */
export function backOfficeRoutes(deps: BackOfficeDeps) {
  const app = new Hono();
  const guard = deps.staff.requireStaff();
  // "/orders/*" is "/orders" too, never "/ordersx" nor the identity's "/me".
  for (const section of SECTIONS) app.use(`${section}/*`, guard);
  return app
    .route("/orders", orderListRoutes(deps, { keepAliveMs: deps.orderStreamCheckMs }))
    .route("/orders", orderActionRoutes(deps))
    .route("/customers", customerRoutes(deps))
    .route("/dashboard", dashboardRoutes(deps))
    .route("/promotions", promotionRoutes(deps))
    .route("/stock", stockRoutes(deps))
    .route("/pictures", pictureRoutes(deps))
    .route("/catalog", catalogProductRoutes(deps))
    .route("/newsletter", newsletterRoutes(deps))
    .route("/reviews", reviewModerationRoutes(deps));
}
