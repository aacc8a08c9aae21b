import { useState } from "react";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSite } from "#web/lib/site.tsx";
import { proveAddress, sendAddressCode } from "./api/auth-calls.ts";
import { authErrorKey } from "./auth-error-key.ts";

/**
 * Typing the code that proves the address (issue 28), and asking for another: what the register
 * page's "check your mail" step and the account's «Confirma tu correo» share.
 */
export function useAddressProof(
  onProven: (user: SessionUser) => void | Promise<void>,
  initialFailure: string | null = null,
) {
  const { t } = useTranslation();
  const { origin } = useSite();
  const [failure, setFailure] = useState<string | null>(initialFailure);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  const prove = async (typed: string) => {
    const code = typed.replace(/[\s-]/g, "");
    if (!/^\d{6}$/.test(code)) {
      setFailure(t("account.addressProof.codeRequired"));
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await onProven(await proveAddress(code));
    } catch (error) {
      setFailure(t(authErrorKey(error), { origin }));
    } finally {
      setBusy(false);
    }
  };

  /** Asks for a new code; answers whether it was sent. */
  const resend = async (): Promise<boolean> => {
    setFailure(null);
    setResent(false);
    try {
      await sendAddressCode();
      setResent(true);
      return true;
    } catch (error) {
      setFailure(t(authErrorKey(error), { origin }));
      return false;
    }
  };

  return { failure, busy, resent, prove, resend };
}
