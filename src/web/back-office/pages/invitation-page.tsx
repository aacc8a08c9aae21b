import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { InvitationView } from "#shared/api/staff-contract.ts";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { brand } from "#shared/brand.ts";
import { Link, useNavigate, useSearchParams } from "#web/lib/routing.tsx";
import { roleNames } from "../api/staff-access.ts";
import { invitationQuery, meQuery, type TotpSetup } from "../api/staff-calls.ts";
import styles from "../back-office.module.css";
import { TotpSetupSteps } from "../components/totp-setup.tsx";
import { AcceptInvitationForm } from "./accept-invitation-form.tsx";

/**
 * `/gestion/invitacion?token=…`, the link of the invitation mail (issue 30): who is invited and as
 * what; their name and password make the account, then the second factor is enrolled.
 */
export function InvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const { data: invitation } = useSuspenseQuery(invitationQuery(token));
  return (
    <div className={styles.form}>
      <title>Invitación · Gestión</title>
      {invitation.kind === "open" ? (
        <OpenInvitation token={token} view={invitation.view} />
      ) : (
        <section className={styles.panel} aria-labelledby="invitation-title">
          <h1 id="invitation-title">
            {invitation.kind === "gone" ? "Invitación caducada" : "Invitación no válida"}
          </h1>
          <p>
            {invitation.kind === "gone"
              ? "Esta invitación ya se usó o ha caducado (duran 72 horas). Pide una nueva a quien te invitó."
              : "Este enlace de invitación no es válido. Comprueba que lo has copiado entero desde el correo."}
          </p>
          <p>
            ¿Ya tienes cuenta? <Link to={backOfficePaths.signIn()}>Entra en la gestión</Link>
          </p>
        </section>
      )}
    </div>
  );
}

function OpenInvitation({ token, view }: { token: string; view: InvitationView }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <section className={styles.panel} aria-labelledby="invitation-title">
        <h1 id="invitation-title">Únete a la gestión de {brand.shopName}</h1>
        <dl className={styles.facts}>
          <dt>Correo</dt>
          <dd>{view.email}</dd>
          <dt>Papel</dt>
          <dd>{roleNames[view.role]}</dd>
        </dl>
        {setup ? (
          <p>Tu cuenta está creada. Solo falta la verificación en dos pasos.</p>
        ) : (
          <AcceptInvitationForm
            token={token}
            email={view.email}
            onSetup={setSetup}
            // The account is made but the enrolment did not start: its own page asks again.
            onEnrolElsewhere={() => navigate(backOfficePaths.enrolment())}
          />
        )}
      </section>
      {setup && (
        <TotpSetupSteps
          setup={setup}
          onConfirmed={async () => {
            // Whoever was known before is not who is signed in now.
            queryClient.removeQueries({ queryKey: meQuery().queryKey });
            navigate(backOfficePaths.home(), { replace: true });
          }}
        />
      )}
    </>
  );
}
