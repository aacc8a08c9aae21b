import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSite } from "#web/lib/site.tsx";
import formStyles from "#web/ui/form.module.css";
import { FormField } from "#web/ui/form-field.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import {
  browserHasPasskeys,
  isIpHost,
  loadCeremonies,
  passkeysPossibleHere,
  passkeysQuery,
} from "../api/passkey-calls.ts";
import { passkeyErrorKey } from "../passkey-error-key.ts";
import styles from "./passkeys.module.css";

/**
 * Adds a passkey to the account, with an optional name: the browser asks the shopper's device
 * (fingerprint, face, PIN) to make one for this address. Where it cannot, says why.
 */
export function AddPasskeyForm({ onFailure }: { onFailure: (message: string | null) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  if (!passkeysPossibleHere()) return <NoPasskeysHere />;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    onFailure(null);
    setBusy(true);
    try {
      const { registerPasskey } = await loadCeremonies();
      await registerPasskey(name.trim());
      await queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
      setName("");
      notify(t("account.passkeys.added"), "success");
    } catch (error) {
      const key = passkeyErrorKey(error);
      if (key) onFailure(t(key));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.list} onSubmit={add}>
      <FormField
        id="passkey-name"
        label={t("account.passkeys.name")}
        maxLength={60}
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className={formStyles.submit} disabled={busy}>
        {busy ? t("account.passkeys.adding") : t("account.passkeys.add")}
      </button>
    </form>
  );
}

/** In a browser without WebAuthn, or at an IP address: why, and the shop's name to go to. */
function NoPasskeysHere() {
  const { t } = useTranslation();
  const { origin } = useSite();
  if (!browserHasPasskeys()) return <p className={styles.note}>{t("account.passkeys.unsupported")}</p>;
  const named = origin ? new URL(origin).hostname : "";
  const elsewhere = named && !isIpHost(named) && named !== window.location.hostname;
  const samePage = `${origin}${window.location.pathname}${window.location.search}`;
  return (
    <p className={styles.note}>
      {t("account.passkeys.ipAddress")}{" "}
      {elsewhere && <a href={samePage}>{t("account.passkeys.openByName", { origin })}</a>}
    </p>
  );
}
