import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type RegisterForm as RegisterValues, registerSchema } from "#shared/api/account-contract.ts";
import { PAGE_FORM_FIELD } from "#shared/api/page-form-contract.ts";
import { paths } from "#shared/paths.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { useSite } from "#web/lib/site.tsx";
import styles from "#web/ui/form.module.css";
import { FormAlert, useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { signUp } from "../api/auth-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";
import { usePostedAccountForm } from "../use-posted-account-form.ts";
import { AddressProofForm } from "./address-proof-form.tsx";
import { PasswordMeter } from "./password-meter.tsx";
import { NameFields, TermsField } from "./sign-up-fields.tsx";

/**
 * /register: the form, then — for a new address and a known one alike (issue 28) — the step that
 * asks for the code mailed to prove the address.
 */
export function RegisterForm() {
  const posted = usePostedAccountForm("sign-up");
  const postedProof = usePostedAccountForm("address-proof");
  const [sent, setSent] = useState<{ email: string; proof: string | null } | null>(() => {
    if (posted.sentTo) return { email: posted.sentTo, proof: posted.proof };
    const email = postedProof.text("email");
    return email ? { email, proof: postedProof.text("proof") || null } : null;
  });
  if (sent) return <AddressProofForm email={sent.email} proof={sent.proof} />;
  return <RegisterFields posted={posted} onSent={(email) => setSent({ email, proof: null })} />;
}

type RegisterFieldsProps = {
  posted: ReturnType<typeof usePostedAccountForm<RegisterValues>>;
  onSent: (email: string) => void;
};

function RegisterFields({ posted, onSent }: RegisterFieldsProps) {
  const { t, lang } = useTranslation();
  const { origin } = useSite();
  const [failure, setFailure] = useState<string | null>(posted.failure);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    // No defaultValues: the inputs start from the server's HTML (a posted form's values) and keep
    // whatever was typed before the script ran (issue 10).
    errors: posted.errors,
  });
  const { errors, isSubmitting } = form.formState;
  const fieldError = useValidationMessage();
  const password = form.watch("password") ?? "";

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signUp(values);
      if (values.newsletter) {
        // The account exists either way; a newsletter hiccup must not undo it.
        const json = { email: values.email, consent: true, locale: lang } as const;
        await answerOf(api.newsletter.$post({ json })).catch(() => undefined);
      }
      onSent(values.email);
    } catch (error) {
      setFailure(t(authErrorKey(error), { origin }));
    }
  });

  return (
    // Before the script runs the form posts to /register itself (issue 10).
    <form className={styles.form} method="post" action={paths.register()} onSubmit={onSubmit} noValidate>
      <input type="hidden" name={PAGE_FORM_FIELD} value="sign-up" />
      <h1>{t("account.registerTitle")}</h1>
      <FormAlert message={failure} />
      <NameFields
        register={form.register}
        errors={errors}
        idPrefix="register"
        initial={{ name: posted.text("name"), lastName: posted.text("lastName") }}
      />
      <FormField
        id="register-email"
        label={t("account.email")}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        defaultValue={posted.text("email")}
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
      <TermsField register={form.register} errors={errors} checked={posted.flag("acceptTerms")} />
      <label className={styles.check}>
        <input type="checkbox" defaultChecked={posted.flag("newsletter")} {...form.register("newsletter")} />
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
