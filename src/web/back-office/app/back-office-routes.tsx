import type { ComponentType } from "react";
import { Route, Switch } from "#web/lib/routing.tsx";
import { CatalogPage } from "../features/catalog/catalog-page.tsx";
import { CatalogImportPage } from "../features/catalog-import/catalog-import-page.tsx";
import { CatalogProductPage } from "../features/catalog-product/catalog-product-page.tsx";
import { CustomerPage } from "../features/customer/customer-page.tsx";
import { CustomersPage } from "../features/customers/customers-page.tsx";
import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";
import { IssuePage } from "../features/newsletter/issue-page.tsx";
import { IssuesPage } from "../features/newsletter/issues-page.tsx";
import { NewIssuePage } from "../features/newsletter/new-issue-page.tsx";
import { SubscribersPage } from "../features/newsletter/subscribers-page.tsx";
import { OrderPage } from "../features/order/order-page.tsx";
import { OrdersPage } from "../features/orders/orders-page.tsx";
import { NewPromotionPage, PromotionPage } from "../features/promotions/promotion-page.tsx";
import { PromotionsPage } from "../features/promotions/promotions-page.tsx";
import { ReviewsPage } from "../features/reviews/reviews-page.tsx";
import { StockPage } from "../features/stock/stock-page.tsx";
import { StockProductPage } from "../features/stock-product/stock-product-page.tsx";
import { TeamPage } from "../features/team/team-page.tsx";
import { EnrolmentPage } from "../pages/enrolment-page.tsx";
import { InvitationPage } from "../pages/invitation-page.tsx";
import { NotFoundPage } from "../pages/not-found-page.tsx";
import { SignInPage } from "../pages/sign-in-page.tsx";
import { type BackOfficePage, pageRoutes } from "./route-table.ts";

const pageComponents: Record<BackOfficePage, ComponentType> = {
  home: DashboardPage,
  "sign-in": SignInPage,
  enrolment: EnrolmentPage,
  invitation: InvitationPage,
  orders: OrdersPage,
  order: OrderPage,
  customers: CustomersPage,
  customer: CustomerPage,
  catalog: CatalogPage,
  "catalog-import": CatalogImportPage,
  "catalog-product": CatalogProductPage,
  promotions: PromotionsPage,
  "new-promotion": NewPromotionPage,
  promotion: PromotionPage,
  stock: StockPage,
  "stock-product": StockProductPage,
  newsletter: SubscribersPage,
  "newsletter-issues": IssuesPage,
  "newsletter-issue": IssuePage,
  "new-issue": NewIssuePage,
  reviews: ReviewsPage,
  team: TeamPage,
};

/** Each path of the route table, drawn by its page; anything else is "not found". */
export function BackOfficeRoutes() {
  return (
    <Switch>
      {pageRoutes.map(([path, page]) => (
        <Route key={path} path={path} component={pageComponents[page]} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
