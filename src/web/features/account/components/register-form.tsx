import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type DefaultValues, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { type RegisterForm as RegisterValues, registerSchema } from "#shared/api/account-contract.ts";
import { paths } from "#shared/paths.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSessionStore } from "#web/lib/session/session.tsx";
import { signedIn } from "#web/lib/session/session-store.ts";
import styles from "#web/ui/form.module.css";
import { FormAlert, useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { signUp } from "../api/auth-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";
import { PasswordMeter } from "./password-meter.tsx";

// The terms box starts unticked: zod's literal(true) then asks for it.
const empty: DefaultValues<RegisterValues> = {
  name: "",
  lastName: "",
  email: "",
  password: "",
  confirmPassword: "",
  newsletter: false,
};

export function RegisterForm() {
  const { t, lang } = useTranslation();
  const session = useSessionStore();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterValues>({ resolver: zodResolver(registerSchema), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const fieldError = useValidationMessage();
  const password = form.watch("password");

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      signedIn(session, await signUp(values));
      if (values.newsletter) {
        const body = JSON.stringify({ email: values.email, consent: true, locale: lang });
        // The account exists either way; a newsletter hiccup must not undo it.
        await apiRequest("/api/newsletter", { method: "POST", body }).catch(() => undefined);
      }
      void navigate(paths.login(), { replace: true });
    } catch (error) {
      setFailure(t(authErrorKey(error)));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <h1>{t("account.registerTitle")}</h1>
      <FormAlert message={failure} />
      <FormField
        id="register-name"
        label={t("account.name")}
        autoComplete="given-name"
        error={fieldError(errors.name?.message)}
        {...form.register("name")}
      />
      <FormField
        id="register-last-name"
        label={t("account.lastName")}
        autoComplete="family-name"
        error={fieldError(errors.lastName?.message)}
        {...form.register("lastName")}
      />
      <FormField
        id="register-email"
        label={t("account.email")}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        {...form.register("email")}
      />
      <FormField
        id="register-password"
        label={t("account.password")}
        type="password"
        autoComplete="new-password"
        error={fieldError(errors.password?.message)}
        hint={<PasswordMeter password={password} />}
        {...form.register("password")}
      />
      <FormField
        id="register-confirm"
        label={t("account.confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={fieldError(errors.confirmPassword?.message)}
        {...form.register("confirmPassword")}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          {...form.register("acceptTerms")}
          aria-invalid={errors.acceptTerms ? true : undefined}
        />
        <span>
          {t("account.acceptTermsBefore")}{" "}
          <Link to={paths.footer("condiciones-de-uso")}>{t("infoPages.condiciones-de-uso")}</Link>{" "}
          {t("account.and")}{" "}
          <Link to={paths.footer("politica-de-privacidad")}>{t("infoPages.politica-de-privacidad")}</Link>
        </span>
      </label>
      {errors.acceptTerms && <p className={styles.error}>{fieldError(errors.acceptTerms.message)}</p>}
      <label className={styles.check}>
        <input type="checkbox" {...form.register("newsletter")} />
        <span>{t("account.newsletterOptIn")}</span>
      </label>
      <button type="submit" className={styles.submit} disabled={isSubmitting}>
        {isSubmitting ? t("account.creating") : t("account.createAccount")}
      </button>
      <p className={styles.aside}>
        {t("account.haveAccount")} <Link to={paths.login()}>{t("account.signIn")}</Link>
      </p>
    </form>
  );
}
