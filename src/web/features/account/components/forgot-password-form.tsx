import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { type RequestResetForm, requestResetSchema } from "#shared/api/account-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "#web/ui/form.module.css";
import { FormAlert, useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { requestPasswordReset } from "../api/auth-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";

/** /login?recuperar: mails a link to choose a new password (the same answer for any address). */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RequestResetForm>({
    resolver: zodResolver(requestResetSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldError = useValidationMessage();
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setFailure(t(authErrorKey(error)));
    }
  });
  if (sentTo) {
    return (
      <section className={styles.form}>
        <h1>{t("account.reset.sentTitle")}</h1>
        <p role="status">{t("account.reset.sentText", { email: sentTo })}</p>
        <p className={styles.aside}>
          <Link to={paths.login()}>{t("account.reset.backToLogin")}</Link>
        </p>
      </section>
    );
  }
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <h1>{t("account.reset.requestTitle")}</h1>
      <p>{t("account.reset.requestText")}</p>
      <FormAlert message={failure} />
      <FormField
        id="reset-email"
        label={t("account.email")}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        {...form.register("email")}
      />
      <button type="submit" className={styles.submit} disabled={isSubmitting}>
        {isSubmitting ? t("account.reset.sending") : t("account.reset.send")}
      </button>
      <p className={styles.aside}>
        <Link to={paths.login()}>{t("account.reset.backToLogin")}</Link>
      </p>
    </form>
  );
}
