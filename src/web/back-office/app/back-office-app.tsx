import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { ShopRouter } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { BackOfficeRoutes } from "./back-office-routes.tsx";
import { Layout } from "./layout.tsx";
import { PageFailed } from "./page-failed.tsx";

type BackOfficeAppProps = {
  queryClient: QueryClient;
  /** The request's path and query, on the server; the browser reads its own location. */
  url?: string;
};

/** The back office: its queries, its routes and its frame. */
export function BackOfficeApp({ queryClient, url }: BackOfficeAppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ShopRouter url={url}>
        <Layout>
          <ErrorBoundary fallback={<PageFailed />}>
            <Suspense fallback={<Spinner label="Cargando…" />}>
              <BackOfficeRoutes />
            </Suspense>
          </ErrorBoundary>
        </Layout>
      </ShopRouter>
    </QueryClientProvider>
  );
}
