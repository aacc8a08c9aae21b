import { useEffect } from "react";
import { useSessionStore } from "#web/lib/session/session.tsx";
import { signedIn } from "#web/lib/session/session-store.ts";
import { retrieveSignedInShopper } from "./api/email-link-calls.ts";

/**
 * While "check your mail" shows, the link is opened in another tab (the mail program's). When the
 * shopper comes back to this one, it asks whether the browser is signed in now and, if so, shows
 * the account as a password sign-in in this tab would (decision 031).
 */
export function useSignInFromAnotherTab(waiting: boolean): void {
  const session = useSessionStore();
  useEffect(() => {
    if (!waiting) return;
    let asking = false;
    const check = async () => {
      if (document.visibilityState !== "visible" || asking) return;
      asking = true;
      const user = await retrieveSignedInShopper();
      asking = false;
      if (user) signedIn(session, user);
    };
    document.addEventListener("visibilitychange", check);
    window.addEventListener("focus", check);
    return () => {
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("focus", check);
    };
  }, [waiting, session]);
}
