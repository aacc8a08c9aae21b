import { useState } from "react";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSessionStore } from "#web/lib/session/session.tsx";
import { signedIn } from "#web/lib/session/session-store.ts";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import { FormAlert } from "#web/ui/form-alert.tsx";
import { loadCeremonies, passkeysPossibleHere } from "../api/passkey-calls.ts";
import { passkeyErrorKey } from "../passkey-error-key.ts";
import styles from "./passkeys.module.css";
import { usePasskeyAutofill } from "./use-passkey-autofill.ts";

/**
 * «Entrar con una llave de acceso» under the sign-in form (issue 28, decision 036), and the
 * passkeys offered in the e-mail field's suggestions. It needs the script and a browser with
 * WebAuthn at a named address, so the server's HTML has none of it.
 */
export function PasskeySignIn() {
  const { t } = useTranslation();
  const session = useSessionStore();
  const possible = useHydrated() && passkeysPossibleHere();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const handlers = {
    onSignedIn: (user: SessionUser) => signedIn(session, user),
    onFailure: (error: unknown) => {
      const key = passkeyErrorKey(error);
      if (key) setFailure(t(key));
    },
  };
  const askAgain = usePasskeyAutofill(possible, handlers);
  if (!possible) return null;

  const signIn = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const { signInWithPasskey } = await loadCeremonies();
      handlers.onSignedIn(await signInWithPasskey({ autofill: false }));
    } catch (error) {
      handlers.onFailure(error);
      askAgain();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.signIn} aria-label={t("account.passkeys.title")}>
      <FormAlert message={failure} />
      <button type="button" className={styles.button} disabled={busy} onClick={signIn}>
        {busy ? t("account.passkeys.signingIn") : t("account.passkeys.signIn")}
      </button>
    </section>
  );
}
