import type { ComponentType } from "react";
import { Route, Switch } from "#web/lib/routing.tsx";
import { EnrolmentPage } from "../pages/enrolment-page.tsx";
import { InvitationPage } from "../pages/invitation-page.tsx";
import { LandingPage } from "../pages/landing-page.tsx";
import { NotFoundPage } from "../pages/not-found-page.tsx";
import { SignInPage } from "../pages/sign-in-page.tsx";
import { type BackOfficePage, pageRoutes } from "./route-table.ts";

const pageComponents: Record<BackOfficePage, ComponentType> = {
  home: LandingPage,
  "sign-in": SignInPage,
  enrolment: EnrolmentPage,
  invitation: InvitationPage,
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
