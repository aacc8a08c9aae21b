import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { PageFormOutcome } from "#shared/api/page-form-contract.ts";
import { type Checkouts, CheckoutsProvider } from "#web/features/checkout/checkout-store.ts";
import { I18nProvider } from "#web/lib/i18n/i18n.tsx";
import type { I18nStore } from "#web/lib/i18n/i18n-store.ts";
import { PageFormProvider } from "#web/lib/page-form.tsx";
import { ShopRouter } from "#web/lib/routing.tsx";
import { SessionProvider } from "#web/lib/session/session.tsx";
import type { SessionStore } from "#web/lib/session/session-store.ts";
import { type Site, SiteProvider } from "#web/lib/site.tsx";

type AppProvidersProps = {
  queryClient: QueryClient;
  i18n: I18nStore;
  session: SessionStore;
  /** Made with `createCheckouts(session)`: one per app, like the session (issue 29). */
  checkouts: Checkouts;
  site: Site;
  formOutcome: PageFormOutcome | null;
  /** The request's path and query on the server; the browser's location otherwise. */
  url?: string;
  children: ReactNode;
};

/** The same providers wrap the page on the server and in the browser. */
export function AppProviders({
  queryClient,
  i18n,
  session,
  checkouts,
  site,
  formOutcome,
  url,
  children,
}: AppProvidersProps) {
  return (
    <ShopRouter url={url}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider store={i18n}>
          <SessionProvider store={session}>
            <CheckoutsProvider checkouts={checkouts}>
              <SiteProvider site={site}>
                <PageFormProvider outcome={formOutcome}>{children}</PageFormProvider>
              </SiteProvider>
            </CheckoutsProvider>
          </SessionProvider>
        </I18nProvider>
      </QueryClientProvider>
    </ShopRouter>
  );
}
