import { useSuspenseQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { Link, Navigate, useCurrentUrl } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import shared from "../../back-office.module.css";
import listPage from "../../components/list-page.module.css";
import { ListPager } from "../../components/list-pager.tsx";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { issuesQuery } from "./newsletter-calls.ts";
import { senderName, subscribersText } from "./newsletter-labels.ts";
import { NewsletterNav } from "./newsletter-nav.tsx";
import { issuesHref, issuesPageOf } from "./newsletter-url.ts";

/** `/gestion/boletin/enviados`: the issues sent, newest first, who sent each and to how many. */
export function IssuesPage() {
  const { me, redirect } = useStaffMe("newsletter-issues");
  const { search } = useCurrentUrl();
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  const page = issuesPageOf(search);
  return (
    <section className={`${shared.panel} ${shared.wide}`} aria-labelledby="issues-title">
      <title>Boletines enviados · Gestión</title>
      <h1 id="issues-title">Boletines enviados</h1>
      <NewsletterNav owner={me.role === "owner"} />
      <ErrorBoundary key={page} fallback={<ListFailed />}>
        <Suspense fallback={<p className={shared.muted}>Cargando boletines…</p>}>
          <IssueTable page={page} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

function IssueTable({ page }: { page: number }) {
  const { data } = useSuspenseQuery(issuesQuery(page));
  if (data.total === 0) return <p role="status">Todavía no se ha enviado ningún boletín.</p>;
  return (
    <>
      <table className={listPage.table}>
        <caption className={listPage.caption}>Boletines enviados, del más nuevo al más antiguo</caption>
        <thead>
          <tr>
            <th scope="col">Asunto</th>
            <th scope="col">Enviado</th>
            <th scope="col">Por</th>
            <th scope="col">Destinatarios</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((row) => (
            <tr key={row.id}>
              <th scope="row" data-label="Asunto">
                <Link to={backOfficePaths.newsletterIssue(row.id)}>{row.subject}</Link>
              </th>
              <td data-label="Enviado">{formatShopDateTime(row.sentAt, "es")}</td>
              <td data-label="Por" className={listPage.email}>
                {senderName(row.sentBy)}
              </td>
              <td data-label="Destinatarios">{subscribersText(row.recipients)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ListPager
        label="Páginas de boletines"
        page={data.page}
        total={data.total}
        pageSize={data.pageSize}
        href={issuesHref}
      />
    </>
  );
}

function ListFailed() {
  return (
    <p className={shared.notice} role="alert">
      No hemos podido cargar los boletines. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
