import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import formStyles from "#web/ui/form.module.css";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { passkeysQuery } from "../api/passkey-calls.ts";
import { AddPasskeyForm } from "./add-passkey-form.tsx";
import { PasskeyRow } from "./passkey-row.tsx";
import styles from "./passkeys.module.css";

/**
 * «Llaves de acceso» on /datos/personales, beside «Cuentas conectadas» (issue 28, decision 036):
 * the account's passkeys, each to remove, and adding one (which needs the script and a browser
 * that has passkeys at this address).
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = useQuery(passkeysQuery).data ?? [];
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className={formStyles.form} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className={styles.title}>
        {t("account.passkeys.title")}
      </h2>
      <p className={styles.intro}>{t("account.passkeys.intro")}</p>
      <FormAlert message={failure} />
      {passkeys.length === 0 ? (
        <p className={styles.note}>{t("account.passkeys.none")}</p>
      ) : (
        <ul className={styles.list} aria-label={t("account.passkeys.listLabel")}>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onFailure={setFailure} />
          ))}
        </ul>
      )}
      {hydrated && <AddPasskeyForm onFailure={setFailure} />}
    </section>
  );
}
