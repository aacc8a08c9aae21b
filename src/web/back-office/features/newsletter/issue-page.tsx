import { useSuspenseQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import type { IssueView } from "#shared/api/back-office-newsletter-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { languages } from "#shared/lang.ts";
import { Link, Navigate, useParams } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import shared from "../../back-office.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import styles from "./newsletter.module.css";
import { issueQuery } from "./newsletter-calls.ts";
import { confirmedText, languageNames, senderName } from "./newsletter-labels.ts";

/** `/gestion/boletin/enviados/:id`: one issue as sent, in both languages, who sent it, when, to how many. */
export function IssuePage() {
  const { me, redirect } = useStaffMe("newsletter-issue");
  const id = useParams().id ?? "";
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <ErrorBoundary key={id} fallback={<Failed />}>
      <Suspense fallback={<p className={shared.muted}>Cargando el boletín…</p>}>
        <Issue id={id} />
      </Suspense>
    </ErrorBoundary>
  );
}

function Issue({ id }: { id: string }) {
  const { data } = useSuspenseQuery(issueQuery(id));
  if (data.kind === "missing") return <Missing />;
  return <IssueSent issue={data.issue} />;
}

/** An issue sent: its facts, then each language's mail. */
export function IssueSent({ issue }: { issue: IssueView }) {
  return (
    <section className={shared.panel} aria-labelledby="issue-title">
      <title>{`${issue.subject} · Boletín · Gestión`}</title>
      <p>
        <Link to={backOfficePaths.newsletterIssues()}>← Boletines enviados</Link>
      </p>
      <h1 id="issue-title">{issue.subject}</h1>
      <dl className={shared.facts}>
        <dt>Enviado</dt>
        <dd>{formatShopDateTime(issue.sentAt, "es")}</dd>
        <dt>Por</dt>
        <dd>{senderName(issue.sentBy)}</dd>
        <dt>Destinatarios</dt>
        <dd>{confirmedText(issue.recipients)}</dd>
      </dl>
      {languages.map((lang) => (
        <section key={lang} className={styles.mail} aria-labelledby={`issue-${lang}`} lang={lang}>
          <h2 id={`issue-${lang}`} lang="es">
            {languageNames[lang]}
          </h2>
          <h3>{issue[lang].subject}</h3>
          <p className={styles.mailText}>{issue[lang].body}</p>
        </section>
      ))}
    </section>
  );
}

function Missing() {
  return (
    <section className={shared.panel} aria-labelledby="missing-title">
      <title>Boletín no encontrado · Gestión</title>
      <h1 id="missing-title">Boletín no encontrado</h1>
      <p>No hay ningún boletín enviado con esta dirección.</p>
      <p>
        <Link to={backOfficePaths.newsletterIssues()}>Volver a los boletines enviados</Link>
      </p>
    </section>
  );
}

function Failed() {
  return (
    <p className={shared.notice} role="alert">
      No hemos podido cargar el boletín. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
