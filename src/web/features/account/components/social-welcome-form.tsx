import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import {
  type CompleteSignUpForm,
  completeSignUpSchema,
  type PendingSignUpAnswer,
} from "#shared/api/social-sign-in-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useNavigate } from "#web/lib/routing.tsx";
import { useSessionStore } from "#web/lib/session/session.tsx";
import { signedIn } from "#web/lib/session/session-store.ts";
import { useSite } from "#web/lib/site.tsx";
import styles from "#web/ui/form.module.css";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { completeSignUp, pendingSignUpQuery, SOCIAL_COMPLETE_ACTION } from "../api/social-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";
import { NameFields, TermsField } from "./sign-up-fields.tsx";

/**
 * /login?bienvenida, where a social sign-in lands (decision 033): a first sign-in's account asks
 * for the names the provider did not give and for the terms, as registration does; anyone else
 * sees `otherwise` (the sign-in form). It is a plain form too, posted before the script runs.
 */
export function SocialWelcome({ otherwise }: { otherwise: ReactNode }) {
  const { t } = useTranslation();
  const pending = useQuery(pendingSignUpQuery);
  // Drawn with its data on the server (the landing's prefetch); asked for after a navigation here.
  if (pending.isPending) {
    return (
      <p className={styles.aside} role="status">
        {t("common.loading")}
      </p>
    );
  }
  const account = pending.data?.pending;
  return account ? <SocialWelcomeForm account={account} /> : otherwise;
}

type PendingAccount = NonNullable<PendingSignUpAnswer["pending"]>;

function SocialWelcomeForm({ account }: { account: PendingAccount }) {
  const { t } = useTranslation();
  const { origin } = useSite();
  const session = useSessionStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CompleteSignUpForm>({
    resolver: zodResolver(completeSignUpSchema),
    defaultValues: { name: account.name, lastName: account.lastName },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      signedIn(session, await completeSignUp(values));
      queryClient.removeQueries({ queryKey: pendingSignUpQuery.queryKey });
      notify(t("socialSignIn.welcome.done"));
      void navigate(paths.login(), { replace: true });
    } catch (error) {
      setFailure(t(authErrorKey(error), { origin }));
    }
  });

  return (
    <form
      className={styles.form}
      method="post"
      action={SOCIAL_COMPLETE_ACTION}
      onSubmit={onSubmit}
      noValidate
    >
      <h1>{t("socialSignIn.welcome.title")}</h1>
      <p>{t("socialSignIn.welcome.intro", { email: account.email })}</p>
      <FormAlert message={failure} />
      <NameFields register={form.register} errors={errors} idPrefix="welcome" initial={account} />
      <TermsField register={form.register} errors={errors} />
      <button type="submit" className={styles.submit} disabled={isSubmitting}>
        {isSubmitting ? t("socialSignIn.welcome.submitting") : t("socialSignIn.welcome.submit")}
      </button>
    </form>
  );
}
