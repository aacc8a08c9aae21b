import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Navigate } from "#web/lib/routing.tsx";
import { roleNames } from "../api/staff-access.ts";
import { meQuery, signOut } from "../api/staff-calls.ts";
import { staffErrorMessage } from "../api/staff-error-message.ts";
import styles from "../back-office.module.css";
import { FormMessage } from "../components/form-message.tsx";
import { useStaffMe } from "./use-staff-me.ts";

/** `/gestion`: the signed-in staff member's landing page (its sections come with issue 30's next parts). */
export function LandingPage() {
  const { me, redirect } = useStaffMe("home");
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (redirect || !me) return <Navigate to={redirect ?? backOfficePaths.signIn()} replace />;

  const leave = async () => {
    setLeaving(true);
    setFailure(null);
    try {
      await signOut();
      // Nobody is signed in now: this page (and any other) sends the next person to sign in.
      queryClient.setQueryData(meQuery().queryKey, null);
    } catch (error) {
      setFailure(staffErrorMessage(error));
      setLeaving(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="landing-title">
      <title>Gestión</title>
      <h1 id="landing-title">Hola, {me.name}</h1>
      <dl className={styles.facts}>
        <dt>Papel</dt>
        <dd>{roleNames[me.role]}</dd>
        <dt>Correo</dt>
        <dd>{me.email}</dd>
      </dl>
      <p className={styles.muted}>Pronto verás aquí los pedidos, los clientes y el resumen del día.</p>
      <FormMessage message={failure} />
      <button type="button" className={styles.secondary} onClick={leave} disabled={leaving}>
        {leaving ? "Saliendo…" : "Cerrar sesión"}
      </button>
    </section>
  );
}
