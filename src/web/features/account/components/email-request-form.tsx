import { PAGE_FORM_FIELD } from "#shared/api/page-form-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import styles from "#web/ui/form.module.css";
import { FormAlert, useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import type { EmailRequest } from "../use-email-request-form.ts";

/** A form's own text keys; `sent` takes the {{email}} the link went to. */
export type EmailRequestTexts = { title: string; intro: string; send: string; sent: string; aside: string };

type EmailRequestFormProps = {
  request: EmailRequest;
  /** The page the form posts to before the script runs (issue 10). */
  action: string;
  inputId: string;
  texts: EmailRequestTexts;
};

/** An address to mail a link to, then "check your mail" (use-email-request-form.ts). */
export function EmailRequestForm({ request, action, inputId, texts }: EmailRequestFormProps) {
  const { t } = useTranslation();
  const fieldError = useValidationMessage();
  const { name, posted, form, sentTo, failure, onSubmit } = request;
  const { errors, isSubmitting } = form.formState;
  if (sentTo) {
    return (
      <section className={styles.form}>
        <h1>{t("account.reset.sentTitle")}</h1>
        <p role="status">{t(texts.sent, { email: sentTo })}</p>
        <p className={styles.aside}>
          <Link to={paths.login()}>{t("account.reset.backToLogin")}</Link>
        </p>
      </section>
    );
  }
  return (
    // Before the script runs the form posts to this page itself (issue 10).
    <form className={styles.form} method="post" action={action} onSubmit={onSubmit} noValidate>
      <input type="hidden" name={PAGE_FORM_FIELD} value={name} />
      <h1>{t(texts.title)}</h1>
      <p>{t(texts.intro)}</p>
      <FormAlert message={failure} />
      <FormField
        id={inputId}
        label={t("account.email")}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        defaultValue={posted.text("email")}
        {...form.register("email")}
      />
      <button type="submit" className={styles.submit} disabled={isSubmitting}>
        {isSubmitting ? t("account.reset.sending") : t(texts.send)}
      </button>
      <p className={styles.aside}>
        <Link to={paths.login()}>{t(texts.aside)}</Link>
      </p>
    </form>
  );
}
