import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type LoginForm as LoginValues, loginSchema } from "#shared/api/account-contract.ts";
import { PAGE_FORM_FIELD } from "#shared/api/page-form-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { useSessionStore } from "#web/lib/session/session.tsx";
import { signedIn } from "#web/lib/session/session-store.ts";
import { useSite } from "#web/lib/site.tsx";
import styles from "#web/ui/form.module.css";
import { FormAlert, useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { signIn } from "../api/auth-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";
import { usePostedAccountForm } from "../use-posted-account-form.ts";

export function LoginForm() {
  const { t } = useTranslation();
  const { origin } = useSite();
  const session = useSessionStore();
  const posted = usePostedAccountForm("sign-in");
  const [failure, setFailure] = useState<string | null>(posted.failure);
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    // No defaultValues: the inputs start from the server's HTML and keep what was typed early.
    errors: posted.errors,
  });
  const { errors, isSubmitting } = form.formState;
  const fieldError = useValidationMessage();

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      signedIn(session, await signIn(values));
    } catch (error) {
      setFailure(t(authErrorKey(error), { origin }));
    }
  });

  return (
    // Before the script runs the form posts to /login itself (issue 10).
    <form className={styles.form} method="post" action={paths.login()} onSubmit={onSubmit} noValidate>
      <input type="hidden" name={PAGE_FORM_FIELD} value="sign-in" />
      <h1>{t("account.loginTitle")}</h1>
      <FormAlert message={failure} />
      <FormField
        id="login-email"
        label={t("account.email")}
        type="email"
        // The account's name here; "webauthn" lets the browser offer passkeys among its
        // suggestions (conditional UI, decision 036).
        autoComplete="username webauthn"
        error={fieldError(errors.email?.message)}
        // The server's HTML carries it too: react-hook-form only fills inputs once the script runs.
        defaultValue={posted.text("email")}
        {...form.register("email")}
      />
      <FormField
        id="login-password"
        label={t("account.password")}
        type="password"
        autoComplete="current-password"
        error={fieldError(errors.password?.message)}
        {...form.register("password")}
      />
      <p className={styles.aside}>
        <Link to={paths.resetRequest()}>{t("account.reset.forgot")}</Link>
      </p>
      <button type="submit" className={styles.submit} disabled={isSubmitting}>
        {isSubmitting ? t("account.signingIn") : t("account.signIn")}
      </button>
      <p className={styles.aside}>
        <Link to={paths.emailLinkRequest()}>{t("account.emailLink.title")}</Link>
      </p>
      <p className={styles.aside}>
        {t("account.noAccount")} <Link to={paths.register()}>{t("account.createAccount")}</Link>
      </p>
    </form>
  );
}
