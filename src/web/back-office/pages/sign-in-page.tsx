import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate } from "#web/lib/routing.tsx";
import formStyles from "#web/ui/form.module.css";
import { FormField } from "#web/ui/form-field.tsx";
import { signIn, verifyBackupCode, verifyTotp } from "../api/staff-calls.ts";
import { fieldMessage, staffErrorMessage } from "../api/staff-error-message.ts";
import { type SignInValues, signInFormSchema } from "../api/staff-forms.ts";
import styles from "../back-office.module.css";
import { BackupCodeForm } from "../components/backup-code-form.tsx";
import { CodeForm } from "../components/code-form.tsx";
import { FormMessage } from "../components/form-message.tsx";
import { useStaffMe } from "./use-staff-me.ts";

/** `/gestion/entrar`: the password, then the code of the authenticator (issue 30). */
export function SignInPage() {
  const { redirect, refresh } = useStaffMe("sign-in");
  const [step, setStep] = useState<"password" | "second-factor">("password");
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <section className={styles.panel} aria-labelledby="sign-in-title">
      <title>Entrar · Gestión</title>
      <h1 id="sign-in-title">Entrar en la gestión</h1>
      {step === "password" ? (
        <PasswordStep
          onSignedIn={async (outcome) => (outcome === "second-factor" ? setStep(outcome) : refresh())}
        />
      ) : (
        <SecondFactorStep onSignedIn={refresh} onRestart={() => setStep("password")} />
      )}
    </section>
  );
}

/** The authenticator's code, or one of the backup codes for someone without their phone. */
function SecondFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => Promise<void>;
  onRestart: () => void;
}) {
  const [withBackupCode, setWithBackupCode] = useState(false);
  const finish = (verify: (code: string) => Promise<void>) => async (code: string) => {
    await verify(code);
    await onSignedIn();
  };
  return (
    <>
      {withBackupCode ? (
        <BackupCodeForm onCode={finish(verifyBackupCode)} />
      ) : (
        <>
          <p>Abre tu aplicación de códigos y escribe el código de la tienda.</p>
          <CodeForm id="sign-in-code" submitLabel="Entrar" focusFirst onCode={finish(verifyTotp)} />
          <button type="button" className={styles.link} onClick={() => setWithBackupCode(true)}>
            ¿No tienes el teléfono? Usa un código de recuperación
          </button>
        </>
      )}
      <button type="button" className={styles.secondary} onClick={onRestart}>
        Volver a empezar
      </button>
    </>
  );
}

function PasswordStep({
  onSignedIn,
}: {
  onSignedIn: (outcome: "signed-in" | "second-factor") => Promise<void>;
}) {
  const form = useForm<SignInValues>({ resolver: zodResolver(signInFormSchema) });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSignedIn(await signIn(values));
    } catch (error) {
      setFailure(staffErrorMessage(error));
    }
  });
  return (
    // Without the script the form posts to this page, which answers with it again (and the
    // notice that the back office needs JavaScript); never a password in the address.
    <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
      <FormMessage message={failure} />
      <FormField
        id="staff-email"
        label="Correo electrónico"
        type="email"
        autoComplete="username"
        error={fieldMessage(errors.email?.message)}
        {...form.register("email")}
      />
      <FormField
        id="staff-password"
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        error={fieldMessage(errors.password?.message)}
        {...form.register("password")}
      />
      <button type="submit" className={formStyles.submit} disabled={isSubmitting}>
        {isSubmitting ? "Comprobando…" : "Continuar"}
      </button>
    </form>
  );
}
