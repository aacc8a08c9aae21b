import { Suspense } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Navigate, useCurrentUrl } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import shared from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { NewsletterNav } from "./newsletter-nav.tsx";
import { readSubscribersAddress } from "./newsletter-url.ts";
import { SubscriberResults } from "./subscriber-results.tsx";
import { SubscriberSearch } from "./subscriber-search.tsx";

/**
 * `/gestion/boletin`: the newsletter's subscribers with their consent (issue 32, decision 054),
 * searched by the address's query, and their CSV; the issues sent and the owner's form beside it.
 */
export function SubscribersPage() {
  const { me, redirect } = useStaffMe("newsletter");
  const { search } = useCurrentUrl();
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={`${shared.panel} ${shared.wide}`} aria-labelledby="newsletter-title">
      <title>Boletín · Gestión</title>
      <h1 id="newsletter-title">Boletín</h1>
      <NewsletterNav owner={me.role === "owner"} />
      <SubscriberSearch address={readSubscribersAddress(search)} />
      <ErrorBoundary key={search} fallback={<ListFailed />}>
        <Suspense fallback={<p className={shared.muted}>Cargando suscriptores…</p>}>
          <SubscriberResults search={search} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

function ListFailed() {
  return (
    <p className={shared.notice} role="alert">
      No hemos podido cargar los suscriptores. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
