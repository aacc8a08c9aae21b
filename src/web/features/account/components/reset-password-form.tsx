import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { resetPasswordSchema, type ResetPasswordForm as Values } from "#shared/api/account-contract.ts";
import { PAGE_FORM_FIELD } from "#shared/api/page-form-contract.ts";
import { paths } from "#shared/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link, useNavigate } from "#web/lib/routing.tsx";
import styles from "#web/ui/form.module.css";
import { FormAlert, useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { resetPassword } from "../api/auth-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";
import { usePostedAccountForm } from "../use-posted-account-form.ts";
import { LoginForm } from "./login-form.tsx";
import { PasswordMeter } from "./password-meter.tsx";

/** What the identity endpoints answer for a link that has expired or was already used. */
const SPENT_LINK = "INVALID_TOKEN";

/**
 * /login?restablecer={token}: the mailed link's page, to choose a new password. Before the script
 * runs it posts to itself (issue 10) and the page answers with the sign-in form once it is saved.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const posted = usePostedAccountForm<Values>("reset-password");
  const [failure, setFailure] = useState<{ message: string; expired: boolean } | null>(
    posted.failure ? { message: posted.failure, expired: posted.errorCode === SPENT_LINK } : null,
  );
  const form = useForm<Values>({
    resolver: zodResolver(resetPasswordSchema),
    // Passwords are never drawn again, by the server or here.
    defaultValues: { password: "", confirmPassword: "" },
    errors: posted.errors,
  });
  const { errors, isSubmitting } = form.formState;
  const fieldError = useValidationMessage();
  const password = form.watch("password");
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword(token, values.password);
      notify(t("account.reset.done"), "success");
      void navigate(paths.login(), { replace: true });
    } catch (error) {
      const expired = error instanceof ApiError && error.code === SPENT_LINK;
      setFailure({ message: t(authErrorKey(error)), expired });
    }
  });
  if (posted.done) {
    return (
      <>
        <p role="status">{t("account.reset.done")}</p>
        <LoginForm />
      </>
    );
  }
  return (
    <form
      className={styles.form}
      method="post"
      action={paths.resetPassword(token)}
      onSubmit={onSubmit}
      noValidate
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <h1>{t("account.reset.newTitle")}</h1>
      <FormAlert message={failure?.message ?? null} />
      {failure?.expired && (
        <p className={styles.aside}>
          <Link to={paths.resetRequest()}>{t("account.reset.askAgain")}</Link>
        </p>
      )}
      <FormField
        id="reset-password"
        label={t("account.reset.newPassword")}
        type="password"
        autoComplete="new-password"
        error={fieldError(errors.password?.message)}
        hint={<PasswordMeter password={password} />}
        {...form.register("password")}
      />
      <FormField
        id="reset-confirm"
        label={t("account.confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={fieldError(errors.confirmPassword?.message)}
        {...form.register("confirmPassword")}
      />
      <button type="submit" className={styles.submit} disabled={isSubmitting}>
        {isSubmitting ? t("account.reset.saving") : t("account.reset.save")}
      </button>
    </form>
  );
}
