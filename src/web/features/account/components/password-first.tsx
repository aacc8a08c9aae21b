import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import styles from "#web/ui/form.module.css";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { requestPasswordReset } from "../api/auth-calls.ts";
import { socialLinksQuery } from "../api/social-calls.ts";
import { authErrorKey } from "../auth-error-key.ts";

/** Whether the signed-in account is known to have no password (made with Google or Apple). */
export function useHasNoPassword(): boolean {
  return useQuery(socialLinksQuery).data?.hasPassword === false;
}

/**
 * In place of a form that asks for the password, for an account without one (decision 033): the
 * password-reset mail sets a first one, proving the mailbox as a reset does.
 */
export function PasswordFirst() {
  const { t } = useTranslation();
  const email = useSession((state) => state.user?.email ?? "");
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setFailure(null);
    setSending(true);
    try {
      await requestPasswordReset(email);
      notify(t("account.passwordFirst.sent", { email }), "success");
    } catch (error) {
      setFailure(t(authErrorKey(error)));
    } finally {
      setSending(false);
    }
  };
  return (
    <div className={styles.dangerForm}>
      <p>{t("account.passwordFirst.text", { email })}</p>
      <FormAlert message={failure} />
      <button type="button" className={styles.submit} disabled={sending} onClick={send}>
        {t("account.passwordFirst.send")}
      </button>
    </div>
  );
}
