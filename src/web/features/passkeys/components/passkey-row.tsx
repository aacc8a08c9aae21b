import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatShopDate } from "#shared/dates.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { confirmDestructive } from "#web/ui/confirm-dialog.ts";
import { notify } from "#web/ui/toast-queue.ts";
import { type PasskeyView, passkeysQuery, removePasskey } from "../api/passkey-calls.ts";
import { passkeyErrorKey } from "../passkey-error-key.ts";
import styles from "./passkeys.module.css";

type RowProps = { passkey: PasskeyView; onFailure: (message: string | null) => void };

/** One passkey: its name, when it was added, whether it syncs, and removing it (after asking). */
export function PasskeyRow({ passkey, onFailure }: RowProps) {
  const { t, lang } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = passkey.name || t("account.passkeys.unnamed");
  const remove = async () => {
    onFailure(null);
    const sure = await confirmDestructive({
      title: t("account.passkeys.confirm.title"),
      text: t("account.passkeys.confirm.text", { name }),
      confirm: t("account.passkeys.confirm.yes"),
      cancel: t("account.passkeys.confirm.no"),
    });
    if (!sure) return;
    setBusy(true);
    try {
      await removePasskey(passkey.id);
      await queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
      notify(t("account.passkeys.removed"), "success");
    } catch (error) {
      onFailure(t(passkeyErrorKey(error) ?? "account.passkeys.errors.generic"));
    } finally {
      setBusy(false);
    }
  };
  const details = [
    passkey.createdAt ? t("account.passkeys.addedOn", { date: formatShopDate(passkey.createdAt, lang) }) : "",
    passkey.backedUp ? t("account.passkeys.synced") : "",
  ].filter(Boolean);
  return (
    <li className={styles.row}>
      <strong>{name}</strong>
      {details.length > 0 && <span className={styles.meta}>{details.join(" · ")}</span>}
      <button
        type="button"
        className={styles.button}
        disabled={busy}
        aria-label={t("account.passkeys.removeNamed", { name })}
        onClick={remove}
      >
        {t("account.passkeys.remove")}
      </button>
    </li>
  );
}
