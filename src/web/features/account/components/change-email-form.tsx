import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { changeEmailSchema, type ChangeEmailForm as FormValues } from "#shared/api/account-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSession, useSessionStore } from "#web/lib/session/session.tsx";
import { signedIn } from "#web/lib/session/session-store.ts";
import styles from "#web/ui/form.module.css";
import { FormAlert, useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { changeEmail } from "../api/auth-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";
import { PasswordFirst, useHasNoPassword } from "./password-first.tsx";

/** A new sign-in email, confirmed with the password (shown on /datos/personales). */
export function ChangeEmailForm() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldError = useValidationMessage();
  const noPassword = useHasNoPassword();
  const onSubmit = form.handleSubmit(async ({ newEmail, password }) => {
    setFailure(null);
    try {
      const email = await changeEmail(newEmail, password);
      if (user) signedIn(session, { ...user, email });
      // The personal-data page shows the email too ("personalData" is its query key).
      await queryClient.invalidateQueries({ queryKey: ["personalData"] });
      form.reset();
      notify(t("account.changeEmail.done", { email }), "success");
    } catch (error) {
      setFailure(t(authErrorKey(error)));
    }
  });
  return (
    <details className={styles.danger}>
      <summary>{t("account.changeEmail.title")}</summary>
      {noPassword ? (
        <PasswordFirst />
      ) : (
        <form onSubmit={onSubmit} noValidate className={styles.dangerForm}>
          <FormAlert message={failure} />
          <FormField
            id="change-email"
            label={t("account.changeEmail.newEmail")}
            type="email"
            autoComplete="email"
            error={fieldError(errors.newEmail?.message)}
            {...form.register("newEmail")}
          />
          <FormField
            id="change-email-password"
            label={t("account.changeEmail.password")}
            type="password"
            autoComplete="current-password"
            error={fieldError(errors.password?.message)}
            {...form.register("password")}
          />
          <button type="submit" className={styles.submit} disabled={isSubmitting}>
            {isSubmitting ? t("account.changeEmail.saving") : t("account.changeEmail.save")}
          </button>
        </form>
      )}
    </details>
  );
}
