import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import type { PromotionStep, PromotionView } from "#shared/api/back-office-promotion-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link, Navigate, useCurrentUrl, useNavigate, useParams } from "#web/lib/routing.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import formStyles from "#web/ui/form.module.css";
import shared from "../../back-office.module.css";
import { FormMessage } from "../../components/form-message.tsx";
import { useStaffMe } from "../../pages/use-staff-me.ts";
import { PromotionFormView } from "./promotion-form.tsx";
import { datesText, promotionErrorMessage, stateNames, usesText, whatItGives } from "./promotion-labels.ts";
import { PromotionUses } from "./promotion-uses.tsx";
import styles from "./promotions.module.css";
import { promotionKey, promotionQuery, promotionsQuery, stepPromotion } from "./promotions-calls.ts";

/** `/gestion/promociones/nueva`: a coupon with every rule; saved, its own page opens. */
export function NewPromotionPage() {
  const { me, redirect } = useStaffMe("new-promotion");
  const navigate = useNavigate();
  const saved = useSaved();
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <section className={shared.panel} aria-labelledby="new-promotion-title">
      <title>Nueva promoción · Gestión</title>
      <p>
        <Link to={backOfficePaths.promotions()}>← Promociones</Link>
      </p>
      <h1 id="new-promotion-title">Nueva promoción</h1>
      <PromotionFormView
        onSaved={async (promotion) => {
          await saved(promotion);
          navigate(backOfficePaths.promotion(promotion.code));
        }}
      />
    </section>
  );
}

/** `/gestion/promociones/:code`: a coupon's state and use, its rules to edit, pause or end it, its orders. */
export function PromotionPage() {
  const { me, redirect } = useStaffMe("promotion");
  const code = useParams().code ?? "";
  const { search } = useCurrentUrl();
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;
  return (
    <ErrorBoundary key={code} fallback={<Failed />}>
      <Suspense fallback={<p className={shared.muted}>Cargando la promoción…</p>}>
        <Promotion code={code} search={search} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Keeps what the server answered after a change, for this page and the list. */
function useSaved() {
  const queryClient = useQueryClient();
  return async (promotion: PromotionView) => {
    queryClient.setQueryData(promotionKey(promotion.code), { kind: "found" as const, promotion });
    await queryClient.invalidateQueries({ queryKey: promotionsQuery().queryKey });
  };
}

function Promotion({ code, search }: { code: string; search: string }) {
  const { data } = useSuspenseQuery(promotionQuery(code));
  const saved = useSaved();
  const [notice, setNotice] = useState<string | null>(null);
  if (data.kind === "missing") return <Missing />;
  const { promotion } = data;
  const onSaved = async (next: PromotionView, said: string) => {
    await saved(next);
    setNotice(said);
  };
  return (
    <section className={shared.panel} aria-labelledby="promotion-title">
      <title>{`${promotion.code} · Promociones · Gestión`}</title>
      <p>
        <Link to={backOfficePaths.promotions()}>← Promociones</Link>
      </p>
      <h1 id="promotion-title">{promotion.code}</h1>
      <p role="status">{notice}</p>
      <dl className={shared.facts}>
        <dt>Estado</dt>
        <dd>
          <span className={styles[promotion.state]}>{stateNames[promotion.state]}</span>
        </dd>
        <dt>Qué da</dt>
        <dd>{whatItGives(promotion)}</dd>
        <dt>Fechas</dt>
        <dd>{datesText(promotion)}</dd>
        <dt>Usos</dt>
        <dd>{usesText(promotion)}</dd>
      </dl>
      {promotion.state === "ended" ? (
        <p className={shared.muted}>Esta promoción ha terminado: ya no se puede cambiar.</p>
      ) : (
        <>
          <Steps promotion={promotion} onDone={onSaved} />
          <PromotionFormView
            key={promotion.version}
            promotion={promotion}
            onSaved={(next) => onSaved(next, "Cambios guardados.")}
          />
        </>
      )}
      <PromotionUses code={promotion.code} search={search} />
    </section>
  );
}

const stepDone: Readonly<Record<PromotionStep, string>> = {
  pause: "Promoción en pausa: nadie puede usarla hasta que la reanudes.",
  resume: "Promoción reanudada.",
  end: "Promoción terminada.",
};

/** Pause or resume it, and end it for good (asked twice). */
function Steps(props: {
  promotion: PromotionView;
  onDone: (next: PromotionView, said: string) => Promise<void>;
}) {
  const { promotion } = props;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (step: PromotionStep) => {
    setBusy(true);
    setFailure(null);
    try {
      await props.onDone(await stepPromotion(promotion.code, step, promotion.version), stepDone[step]);
    } catch (error) {
      setFailure(promotionErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={shared.form}>
      <FormMessage message={failure} />
      <div className={styles.actions}>
        <button
          type="button"
          className={shared.secondary}
          disabled={busy}
          onClick={() => run(promotion.paused ? "resume" : "pause")}
        >
          {promotion.paused ? "Reanudar" : "Pausar"}
        </button>
      </div>
      <details className={formStyles.danger}>
        <summary>Terminar la promoción</summary>
        <div className={formStyles.dangerForm}>
          <p>Termina ahora y para siempre: los clientes ya no podrán usarla y no se podrá reanudar.</p>
          <button
            type="button"
            className={formStyles.dangerButton}
            disabled={busy}
            onClick={() => run("end")}
          >
            Terminar ahora
          </button>
        </div>
      </details>
    </div>
  );
}

function Missing() {
  return (
    <section className={shared.panel} aria-labelledby="missing-title">
      <title>Promoción no encontrada · Gestión</title>
      <h1 id="missing-title">Promoción no encontrada</h1>
      <p>No hay ninguna promoción con este código.</p>
      <p>
        <Link to={backOfficePaths.promotions()}>Volver a promociones</Link>
      </p>
    </section>
  );
}

function Failed() {
  return (
    <p className={shared.notice} role="alert">
      No hemos podido cargar la promoción. Comprueba tu conexión y vuelve a cargar la página.
    </p>
  );
}
