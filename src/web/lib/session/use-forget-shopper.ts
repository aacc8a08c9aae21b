import { useQueryClient } from "@tanstack/react-query";
import { forgetShopperData } from "#web/lib/query-client.ts";
import { useSessionStore } from "./session.tsx";
import { signedOut } from "./session-store.ts";

/**
 * Spec §4: once the shopper is gone (signed out, account deleted, a guest's data erased) the page
 * forgets them at once: no user, and no cart, wish list or addresses of theirs in the query cache.
 */
export function useForgetShopper(): () => void {
  const queryClient = useQueryClient();
  const session = useSessionStore();
  return () => {
    forgetShopperData(queryClient);
    signedOut(session);
  };
}
