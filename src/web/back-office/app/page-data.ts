import type { PageData } from "../api/page-data.ts";
import { catalogPageData } from "../features/catalog/catalog-data.ts";
import { catalogProductPageData } from "../features/catalog-product/catalog-product-data.ts";
import { customerPageData } from "../features/customer/customer-data.ts";
import { customersPageData } from "../features/customers/customers-data.ts";
import { dashboardPageData } from "../features/dashboard/dashboard-data.ts";
import {
  newsletterIssuePageData,
  newsletterIssuesPageData,
  subscribersPageData,
} from "../features/newsletter/newsletter-data.ts";
import { orderPageData } from "../features/order/order-data.ts";
import { ordersPageData } from "../features/orders/orders-data.ts";
import { promotionPageData, promotionsPageData } from "../features/promotions/promotions-data.ts";
import { reviewsPageData } from "../features/reviews/reviews-calls.ts";
import { stockPageData } from "../features/stock/stock-data.ts";
import { stockProductPageData } from "../features/stock-product/stock-product-data.ts";
import { teamPageData } from "../features/team/team-data.ts";
import type { BackOfficePage } from "./route-table.ts";

/** Each signed-in page's own data, fetched on the server once the guard has let the member in. */
export const pageData: Partial<Record<BackOfficePage, PageData>> = {
  home: dashboardPageData,
  orders: ordersPageData,
  order: orderPageData,
  customers: customersPageData,
  customer: customerPageData,
  catalog: catalogPageData,
  "catalog-product": catalogProductPageData,
  promotions: promotionsPageData,
  promotion: promotionPageData,
  stock: stockPageData,
  "stock-product": stockProductPageData,
  newsletter: subscribersPageData,
  "newsletter-issues": newsletterIssuesPageData,
  "newsletter-issue": newsletterIssuePageData,
  reviews: reviewsPageData,
  team: teamPageData,
};
