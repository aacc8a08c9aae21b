import { useEffect, useRef } from "react";
import type { SessionUser } from "#shared/api/account-contract.ts";
import { cancelPasskeyRequest, loadCeremonies } from "../api/passkey-calls.ts";

type Handlers = { onSignedIn: (user: SessionUser) => void; onFailure: (error: unknown) => void };

/**
 * Conditional UI (decision 036): while /login is shown, the browser offers the shopper's passkeys
 * among the e-mail field's suggestions (`autocomplete="username webauthn"`), where it can. The
 * waiting request is let go when the page is left, so the page can enter the back/forward cache,
 * and asked again when it comes back from it. Answers a function that asks again (after the
 * shopper's own attempt with the button, which ends the waiting one).
 */
export function usePasskeyAutofill(enabled: boolean, handlers: Handlers): () => void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const restart = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const start = async () => {
      const ceremonies = await loadCeremonies();
      if (!live || !(await ceremonies.autofillAvailable())) return;
      try {
        const user = await ceremonies.signInWithPasskey({ autofill: true });
        if (live) latest.current.onSignedIn(user);
      } catch (error) {
        if (live) latest.current.onFailure(error);
      }
    };
    const leave = () => cancelPasskeyRequest();
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) void start();
    };
    restart.current = () => void start();
    void start();
    window.addEventListener("pagehide", leave);
    window.addEventListener("pageshow", back);
    return () => {
      live = false;
      restart.current = () => undefined;
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("pageshow", back);
      leave();
    };
  }, [enabled]);
  return () => restart.current();
}
