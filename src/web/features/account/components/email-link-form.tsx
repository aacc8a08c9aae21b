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
import { requestEmailLink } from "../api/email-link-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";
import { usePostedAccountForm } from "../use-posted-account-form.ts";
import { useSignInFromAnotherTab } from "../use-sign-in-from-another-tab.ts";

/** What a link that did not sign in came back with (better-auth's `error`), as a text key. */
function linkErrorKey(code: string): string {
  // Expired, already used, or never issued: the shopper cannot tell them apart, nor need to.
  return code === "INVALID_TOKEN" ? "account.emailLink.spent" : "account.emailLink.failed";
}

/**
 * /login?pedir-enlace: «Entrar con un enlace». Mails a sign-in link (the same answer for any
 * address); a link that did not work lands here too, with `linkError` (decision 031).
 */
export function EmailLinkForm({ linkError }: { linkError: string | null }) {
  const { t } = useTranslation();
  const posted = usePostedAccountForm<RequestResetForm>("email-link");
  const [sentTo, setSentTo] = useState<string | null>(posted.sentTo);
  const [failure, setFailure] = useState<string | null>(
    posted.failure ?? (linkError ? t(linkErrorKey(linkError)) : null),
  );
  const form = useForm<RequestResetForm>({
    resolver: zodResolver(requestResetSchema),
    // No defaultValues: the input starts from the server's HTML and keeps what was typed early.
    errors: posted.errors,
  });
  const { errors, isSubmitting } = form.formState;
  const fieldError = useValidationMessage();
  useSignInFromAnotherTab(sentTo !== null);
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await requestEmailLink(email);
      setSentTo(email);
    } catch (error) {
      setFailure(t(authErrorKey(error)));
    }
  });
  if (sentTo) {
    return (
      <section className={styles.form}>
        <h1>{t("account.reset.sentTitle")}</h1>
        <p role="status">{t("account.emailLink.sentText", { email: sentTo })}</p>
        <p className={styles.aside}>
          <Link to={paths.login()}>{t("account.reset.backToLogin")}</Link>
        </p>
      </section>
    );
  }
  return (
    // Before the script runs the form posts to this page itself (issue 10).
    <form
      className={styles.form}
      method="post"
      action={paths.emailLinkRequest()}
      onSubmit={onSubmit}
      noValidate
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value="email-link" />
      <h1>{t("account.emailLink.title")}</h1>
      <p>{t("account.emailLink.requestText")}</p>
      <FormAlert message={failure} />
      <FormField
        id="email-link-email"
        label={t("account.email")}
        type="email"
        autoComplete="email"
        error={fieldError(errors.email?.message)}
        defaultValue={posted.text("email")}
        {...form.register("email")}
      />
      <button type="submit" className={styles.submit} disabled={isSubmitting}>
        {isSubmitting ? t("account.reset.sending") : t("account.emailLink.send")}
      </button>
      <p className={styles.aside}>
        <Link to={paths.login()}>{t("account.emailLink.withPassword")}</Link>
      </p>
    </form>
  );
}
