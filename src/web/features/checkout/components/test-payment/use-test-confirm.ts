import { useEffect, useState } from "react";
import type { PaymentSessionView, TestConfirmRequest } from "#shared/api/payment-contract.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useConfirmTestPayment, useRefreshOrder } from "../../api/payment-calls.ts";
import { paymentReturnUrl } from "../../payment-return-url.ts";

/** What one method's form sends: the session and the way back are added here. */
export type TestPaymentDetails<T = TestConfirmRequest> = T extends unknown
  ? Omit<T, "clientSecret" | "returnUrl">
  : never;

/** What each method's form takes: the amount for its button, and where to send what it collects. */
export type TestMethodProps = {
  amountCents: number;
  pending: boolean;
  onSend: (details: TestPaymentDetails) => Promise<void>;
};

/**
 * Confirms the built-in provider's payment: a step elsewhere (3-D Secure, "approve it in your app")
 * is a page of the provider the browser goes to; otherwise the order and its payment are read again.
 */
export function useTestConfirm(session: PaymentSessionView, orderId: string) {
  const { t, lang } = useTranslation();
  const confirm = useConfirmTestPayment();
  const refresh = useRefreshOrder(orderId);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Back from the provider's page by the back button, the page comes out of the bfcache as it was.
  useEffect(() => {
    const back = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    addEventListener("pageshow", back);
    return () => removeEventListener("pageshow", back);
  }, []);

  async function send(details: TestPaymentDetails) {
    setError(null);
    try {
      const request: TestConfirmRequest = {
        ...details,
        clientSecret: session.clientSecret,
        returnUrl: paymentReturnUrl(orderId, lang),
      };
      const answer = await confirm.mutateAsync(request);
      if (answer.redirectUrl) {
        setLeaving(true);
        window.location.assign(answer.redirectUrl);
        return;
      }
      await refresh();
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : "network";
      setError(t(`checkout.pay.errors.${code === "too-many-requests" ? code : "generic"}`));
    }
  }

  return { send, pending: confirm.isPending || leaving, error };
}
