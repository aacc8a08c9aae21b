import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSession } from "#web/lib/session/session.tsx";
import { takeIntent } from "../pending-intent.ts";
import { useShopperActions } from "../use-shopper-actions.ts";

/**
 * Once the shopper is signed in, does what they asked for before signing in. A guest who signs in
 * or up brings their cart and orders along (decision 032): what the page holds of them is fetched
 * again.
 */
export function PendingIntentRunner() {
  const signedIn = useSession((state) => state.acceso);
  const wasSignedIn = useRef(signedIn);
  const queryClient = useQueryClient();
  const { perform } = useShopperActions();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the sign-in state changes, not on every render
  useEffect(() => {
    const justSignedIn = signedIn && !wasSignedIn.current;
    wasSignedIn.current = signedIn;
    if (!signedIn) return;
    if (justSignedIn) {
      for (const document of ["cart", "wishlist", "addresses", "orders"])
        void queryClient.invalidateQueries({ queryKey: [document] });
    }
    const intent = takeIntent();
    if (intent) void perform(intent);
  }, [signedIn]);
  return null;
}
