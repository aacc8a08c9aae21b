import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Navigate } from "#web/lib/routing.tsx";
import formStyles from "#web/ui/form.module.css";
import { FormField } from "#web/ui/form-field.tsx";
import { enableTwoFactor, type TotpSetup } from "../api/staff-calls.ts";
import { fieldMessage, staffErrorMessage } from "../api/staff-error-message.ts";
import { passwordFormSchema } from "../api/staff-forms.ts";
import styles from "../back-office.module.css";
import { FormMessage } from "../components/form-message.tsx";
import { TotpSetupSteps } from "../components/totp-setup.tsx";
import { useStaffMe } from "./use-staff-me.ts";

/**
 * `/gestion/doble-factor`: a signed-in staff member without a second factor yet (an enrolment left
 * halfway) confirms their password, then enrols as on the invitation page.
 */
export function EnrolmentPage() {
  const { me, redirect, refresh } = useStaffMe("enrolment");
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <div className={styles.form}>
      <section className={styles.panel} aria-labelledby="enrolment-title">
        <title>Verificación en dos pasos · Gestión</title>
        <h1 id="enrolment-title">Verificación en dos pasos</h1>
        <p>
          Para entrar en la gestión{me ? `, ${me.name},` : ""} necesitas una aplicación de códigos en tu
          teléfono. Confirma tu contraseña para empezar.
        </p>
        {!setup && <PasswordStep onSetup={setSetup} />}
      </section>
      {setup && <TotpSetupSteps setup={setup} onConfirmed={refresh} />}
    </div>
  );
}

function PasswordStep({ onSetup }: { onSetup: (setup: TotpSetup) => void }) {
  const form = useForm<z.infer<typeof passwordFormSchema>>({ resolver: zodResolver(passwordFormSchema) });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      onSetup(await enableTwoFactor(password));
    } catch (error) {
      setFailure(staffErrorMessage(error));
    }
  });
  return (
    <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
      <FormMessage message={failure} />
      <FormField
        id="enrolment-password"
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        error={fieldMessage(errors.password?.message)}
        {...form.register("password")}
      />
      <button type="submit" className={formStyles.submit} disabled={isSubmitting}>
        {isSubmitting ? "Comprobando…" : "Empezar"}
      </button>
    </form>
  );
}
