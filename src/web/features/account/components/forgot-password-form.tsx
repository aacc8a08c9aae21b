import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type RequestResetForm, requestResetSchema } from "#shared/api/account-contract.ts";
import { PAGE_FORM_FIELD } from "#shared/api/page-form-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import styles from "#web/ui/form.module.css";
import { FormAlert, useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { requestPasswordReset } from "../api/auth-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";
import { usePostedAccountForm } from "../use-posted-account-form.ts";

/** /login?recuperar: mails a link to choose a new password (the same answer for any address). */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const posted = usePostedAccountForm<RequestResetForm>("reset-request");
  const [sentTo, setSentTo] = useState<string | null>(posted.sentTo);
  const [failure, setFailure] = useState<string | null>(posted.failure);
  const form = useForm<RequestResetForm>({
    resolver: zodResolver(requestResetSchema),
    // No defaultValues: the input starts from the server's HTML and keeps what was typed early.
    errors: posted.errors,
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
    // Before the script runs the form posts to this page itself (issue 10).
    <form className={styles.form} method="post" action={paths.resetRequest()} onSubmit={onSubmit} noValidate>
      <input type="hidden" name={PAGE_FORM_FIELD} value="reset-request" />
      <h1>{t("account.reset.requestTitle")}</h1>
      <p>{t("account.reset.requestText")}</p>
      <FormAlert message={failure} />
      <FormField
        id="reset-email"
        label={t("account.email")}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        defaultValue={posted.text("email")}
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
