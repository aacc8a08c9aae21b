import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nProvider } from "#web/lib/i18n/i18n.tsx";
import type { I18nStore } from "#web/lib/i18n/i18n-store.ts";
import { SessionProvider } from "#web/lib/session/session.tsx";
import type { SessionStore } from "#web/lib/session/session-store.ts";
import { type Site, SiteProvider } from "#web/lib/site.tsx";

type AppProvidersProps = {
  queryClient: QueryClient;
  i18n: I18nStore;
  session: SessionStore;
  site: Site;
  children: ReactNode;
};

/** The same providers wrap the page on the server and in the browser. */
export function AppProviders({ queryClient, i18n, session, site, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider store={i18n}>
        <SessionProvider store={session}>
          <SiteProvider site={site}>{children}</SiteProvider>
        </SessionProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
