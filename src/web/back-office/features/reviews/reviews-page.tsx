import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import type { ModerationReview } from "#shared/api/review-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { formatShopDateTime } from "#shared/dates.ts";
import { Navigate } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import { staffErrorMessage } from "../../api/staff-error-message.ts";
import shared from "../../back-office.module.css";
import listPage from "../../components/list-page.module.css";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import styles from "./reviews.module.css";
import { decide, reviewsKey, reviewsQuery } from "./reviews-calls.ts";

const statusLabel: Record<ModerationReview["status"], string> = {
  pending: "Pendiente",
  approved: "Publicada",
  rejected: "Rechazada",
};

/** `/gestion/opiniones`: the verified buyers' reviews, pending first, approved or rejected (issue 33). */
export function ReviewsPage() {
  const { me, redirect } = useStaffMe("reviews");
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={`${shared.panel} ${shared.wide}`} aria-labelledby="reviews-title">
      <title>Opiniones · Gestión</title>
      <h1 id="reviews-title">Opiniones de clientes</h1>
      <ErrorBoundary fallback={<ListFailed />}>
        <Suspense fallback={<p className={shared.muted}>Cargando opiniones…</p>}>
          <ReviewTable />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

function ReviewTable() {
  const { data } = useSuspenseQuery(reviewsQuery());
  if (data.reviews.length === 0) return <p role="status">Todavía no hay opiniones.</p>;
  return (
    <table className={listPage.table}>
      <caption className={listPage.caption}>Opiniones, primero las pendientes de revisar</caption>
      <thead>
        <tr>
          <th scope="col">Producto</th>
          <th scope="col">Opinión</th>
          <th scope="col">Estado</th>
          <th scope="col">Acciones</th>
        </tr>
      </thead>
      <tbody>
        {data.reviews.map((review) => (
          <ReviewRow key={review.id} review={review} />
        ))}
      </tbody>
    </table>
  );
}

function ReviewRow({ review }: { review: ModerationReview }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (decision: "approve" | "reject") => {
    setBusy(true);
    setError(null);
    try {
      await decide(review.id, decision);
      await queryClient.invalidateQueries({ queryKey: reviewsKey });
    } catch (failure) {
      setError(staffErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr>
      <th scope="row" data-label="Producto">
        {review.productName}
        <br />
        <span className={shared.muted}>Pedido {review.orderNumber ?? "—"}</span>
      </th>
      <td data-label="Opinión">
        <strong>{review.rating} de 5 estrellas</strong> · {review.name} ·{" "}
        {formatShopDateTime(review.createdAt, "es")}
        <p lang={review.language}>{review.text}</p>
      </td>
      <td data-label="Estado">
        {statusLabel[review.status]}
        {review.moderatedBy && <span className={shared.muted}> ({review.moderatedBy})</span>}
      </td>
      <td data-label="Acciones">
        {review.status !== "approved" && (
          <button type="button" disabled={busy} onClick={() => act("approve")}>
            Publicar<span className={styles.visuallyHidden}> la opinión de {review.name}</span>
          </button>
        )}{" "}
        {review.status !== "rejected" && (
          <button type="button" disabled={busy} onClick={() => act("reject")}>
            Rechazar<span className={styles.visuallyHidden}> la opinión de {review.name}</span>
          </button>
        )}
        {error && <p role="alert">{error}</p>}
      </td>
    </tr>
  );
}

function ListFailed() {
  return (
    <p className={shared.notice} role="alert">
      No hemos podido cargar las opiniones. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
