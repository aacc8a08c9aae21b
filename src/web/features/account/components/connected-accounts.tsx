import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  socialProviderNames as providerNames,
  type SocialProvider,
} from "#shared/api/social-sign-in-contract.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSearchParams } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { confirmDestructive } from "#web/ui/confirm-dialog.ts";
import formStyles from "#web/ui/form.module.css";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { socialLinkStart, socialLinksQuery, unlinkSocial } from "../api/social-calls.ts";
import { socialLinkErrorKey } from "../auth-error-key.ts";
import styles from "./connected-accounts.module.css";
import { ProveAddressPanel } from "./prove-address-panel.tsx";

/**
 * «Cuentas conectadas» on /datos/personales (decision 033): the configured providers, each to
 * connect (the browser goes to the provider and comes back here with `?conectada=` or
 * `?conexion=social&error=`) or to disconnect. Shown only when the shop has a provider.
 */
export function ConnectedAccounts() {
  const { t } = useTranslation();
  const answer = useQuery(socialLinksQuery).data;
  const links = answer?.links;
  const email = useSession((state) => state.user?.email ?? "");
  const [params, setParams] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const landedError = params.get("conexion") === "social" ? params.get("error") : null;
  const connected = params.get("conectada");
  useEffect(() => {
    const provider = links?.find((link) => link.linked && link.provider === connected)?.provider;
    if (!provider) return;
    notify(t("connectedAccounts.connected", { provider: providerNames[provider] }), "success");
    setParams({}, { replace: true });
  }, [connected, links, setParams, t]);
  // Connecting waits for a proven address (issue 28), and so do links and passkeys: asked for here,
  // with or without providers.
  const proof = answer && !answer.addressProven ? <ProveAddressPanel email={email} /> : null;
  if (!links || links.length === 0) return proof;
  const message = failure ?? (landedError === null ? null : t(socialLinkErrorKey(landedError)));
  return (
    <>
      {proof}
      <section className={formStyles.form} aria-labelledby="connected-accounts">
        <h2 id="connected-accounts" className={styles.title}>
          {t("connectedAccounts.title")}
        </h2>
        <p className={styles.intro}>{t("connectedAccounts.intro")}</p>
        <FormAlert message={message} />
        <ul className={styles.list}>
          {links.map(({ provider, linked }) => (
            <ProviderRow key={provider} provider={provider} linked={linked} onFailure={setFailure} />
          ))}
        </ul>
      </section>
    </>
  );
}

type RowProps = { provider: SocialProvider; linked: boolean; onFailure: (message: string | null) => void };

function ProviderRow({ provider, linked, onFailure }: RowProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = providerNames[provider];
  const disconnect = async () => {
    onFailure(null);
    const sure = await confirmDestructive({
      title: t("connectedAccounts.confirm.title", { provider: name }),
      text: t("connectedAccounts.confirm.text", { provider: name }),
      confirm: t("connectedAccounts.confirm.yes"),
      cancel: t("connectedAccounts.confirm.no"),
    });
    if (!sure) return;
    setBusy(true);
    try {
      await unlinkSocial(provider);
      await queryClient.invalidateQueries({ queryKey: socialLinksQuery.queryKey });
      notify(t("connectedAccounts.disconnected", { provider: name }), "success");
    } catch (error) {
      onFailure(t(unlinkErrorKey(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={styles.row}>
      <span className={styles.provider}>{name}</span>
      <span className={linked ? styles.linked : styles.notLinked}>
        {t(linked ? "connectedAccounts.linked" : "connectedAccounts.notLinked")}
      </span>
      {linked ? (
        <button type="button" className={styles.secondary} disabled={busy} onClick={disconnect}>
          {t("connectedAccounts.disconnect", { provider: name })}
        </button>
      ) : (
        // A link, as «Continuar con …» is: it works before the script (decision 033).
        <a className={styles.connect} href={socialLinkStart(provider)} rel="nofollow">
          {t("connectedAccounts.connect", { provider: name })}
        </a>
      )}
    </li>
  );
}

function unlinkErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : "";
  if (code === "last-way-in") return "connectedAccounts.errors.lastWayIn";
  if (code === "sign-in-again") return "connectedAccounts.errors.signInAgain";
  return "connectedAccounts.errors.generic";
}
