import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import formStyles from "#web/ui/form.module.css";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { socialLinksQuery } from "../api/social-calls.ts";
import { useAddressProof } from "../use-address-proof.ts";
import proofStyles from "./address-proof.module.css";
import styles from "./connected-accounts.module.css";

/**
 * «Confirma tu correo» on /datos/personales, for an account that has not proven its address
 * (issue 28): connecting a provider, sign-in links and passkeys wait for it. A code is mailed to
 * the account's address and typed here.
 */
export function ProveAddressPanel({ email }: { email: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  const proofStep = useAddressProof(async () => {
    await queryClient.invalidateQueries({ queryKey: socialLinksQuery.queryKey });
    notify(t("connectedAccounts.proveFirst.proven"), "success");
  });
  const send = async () => setSent(await proofStep.resend());
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = new FormData(event.currentTarget).get("code");
    void proofStep.prove(typeof code === "string" ? code : "");
  };

  return (
    <form className={formStyles.form} aria-labelledby="prove-address" onSubmit={onSubmit} noValidate>
      <h2 id="prove-address" className={styles.title}>
        {t("account.addressProof.title")}
      </h2>
      <p className={styles.intro} role="status">
        {t(sent ? "connectedAccounts.proveFirst.sentText" : "connectedAccounts.proveFirst.text", { email })}
      </p>
      <FormAlert message={proofStep.failure} />
      {sent ? (
        <>
          <FormField
            id="prove-address-code"
            name="code"
            label={t("account.addressProof.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
          />
          <button type="submit" className={formStyles.submit} disabled={proofStep.busy}>
            {proofStep.busy
              ? t("account.addressProof.confirming")
              : t("connectedAccounts.proveFirst.confirm")}
          </button>
          <p className={formStyles.aside}>
            <button type="button" className={proofStyles.linkButton} onClick={() => void send()}>
              {t("account.addressProof.resend")}
            </button>
          </p>
        </>
      ) : (
        <button type="button" className={formStyles.submit} onClick={() => void send()}>
          {t("connectedAccounts.proveFirst.send")}
        </button>
      )}
    </form>
  );
}
