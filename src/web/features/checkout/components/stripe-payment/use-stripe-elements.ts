import type { StripeExpressCheckoutElementConfirmEvent } from "@stripe/stripe-js";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useLang } from "#web/lib/i18n/i18n.tsx";
import { type MountedStripe, mountStripe } from "./mount-stripe.ts";

type StripeElementsOptions = {
  publishableKey: string;
  clientSecret: string;
  onExpressConfirm: (event: StripeExpressCheckoutElementConfirmEvent) => void;
};

/** Stripe's elements mounted into two of the page's boxes, and where their loading stands. */
export function useStripeElements({ publishableKey, clientSecret, onExpressConfirm }: StripeElementsOptions) {
  const lang = useLang();
  const expressRef = useRef<HTMLDivElement>(null);
  const paymentRef = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState<MountedStripe | null>(null);
  const [ready, setReady] = useState(false);
  const [expressShown, setExpressShown] = useState(true);
  const [failed, setFailed] = useState(false);
  const confirmExpress = useEffectEvent(onExpressConfirm);

  useEffect(() => {
    const express = expressRef.current;
    const payment = paymentRef.current;
    if (!express || !payment) return;
    let active = true;
    let current: MountedStripe | null = null;
    const options = { publishableKey, clientSecret, lang, express, payment };
    mountStripe({
      ...options,
      onExpressAvailable: (available) => active && setExpressShown(available),
      onPaymentReady: () => active && setReady(true),
      onExpressConfirm: (event) => confirmExpress(event),
    })
      .then((done) => {
        if (!active) return done.destroy();
        current = done;
        setMounted(done);
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
      current?.destroy();
      setMounted(null);
      setReady(false);
    };
  }, [publishableKey, clientSecret, lang]);

  return { expressRef, paymentRef, mounted, ready, expressShown, failed };
}
