import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type AcceptInvitationRequest, acceptInvitationSchema } from "#shared/api/staff-contract.ts";
import formStyles from "#web/ui/form.module.css";
import { FormField } from "#web/ui/form-field.tsx";
import { acceptInvitation, enableTwoFactor, type TotpSetup } from "../api/staff-calls.ts";
import { fieldMessage, staffErrorMessage } from "../api/staff-error-message.ts";
import styles from "../back-office.module.css";
import { FormMessage } from "../components/form-message.tsx";

type AcceptInvitationFormProps = {
  token: string;
  email: string;
  onSetup: (setup: TotpSetup) => void;
  onEnrolElsewhere: () => void;
};

/** The new account's name and password; then the enrolment starts with that password. */
export function AcceptInvitationForm({ token, email, onSetup, onEnrolElsewhere }: AcceptInvitationFormProps) {
  const form = useForm<AcceptInvitationRequest>({ resolver: zodResolver(acceptInvitationSchema) });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await acceptInvitation(token, values);
    } catch (error) {
      setFailure(staffErrorMessage(error));
      return;
    }
    try {
      onSetup(await enableTwoFactor(values.password));
    } catch {
      onEnrolElsewhere();
    }
  });
  return (
    <form className={styles.form} method="post" onSubmit={onSubmit} noValidate>
      <FormMessage message={failure} />
      {/* The address the account is for (shown above), for the password manager to save with it. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField
        id="invited-name"
        label="Tu nombre"
        autoComplete="name"
        error={fieldMessage(errors.name?.message)}
        {...form.register("name")}
      />
      <FormField
        id="invited-password"
        label="Contraseña"
        type="password"
        autoComplete="new-password"
        hint={
          <span className={styles.muted}>Al menos 8 caracteres; mejor una frase que solo uses aquí.</span>
        }
        error={fieldMessage(errors.password?.message)}
        {...form.register("password")}
      />
      <button type="submit" className={formStyles.submit} disabled={isSubmitting}>
        {isSubmitting ? "Creando la cuenta…" : "Crear mi cuenta"}
      </button>
    </form>
  );
}
