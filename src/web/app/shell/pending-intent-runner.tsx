import { useEffect } from "react";
import { useSession } from "#web/lib/session/session.tsx";
import { takeIntent } from "../pending-intent.ts";
import { useShopperActions } from "../use-shopper-actions.ts";

/** Once the shopper is signed in, does what they asked for before signing in. */
export function PendingIntentRunner() {
  const signedIn = useSession((state) => state.acceso);
  const { perform } = useShopperActions();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the sign-in state changes, not on every render
  useEffect(() => {
    if (!signedIn) return;
    const intent = takeIntent();
    if (intent) void perform(intent);
  }, [signedIn]);
  return null;
}
