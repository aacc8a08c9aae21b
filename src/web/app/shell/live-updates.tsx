import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { CHANGE_EVENT, shopperDocuments } from "#shared/api/live-contract.ts";
import { useSession } from "#web/lib/session/session.tsx";

const RETRY_MAX_MS = 30_000;

/**
 * Keeps this tab in step with the shopper's other tabs and devices: the server announces each
 * change of the cart or wish list and the page refetches it. A broken stream empties the cart in
 * the page (spec §8) and reconnects with back-off.
 */
export function LiveUpdates() {
  const signedIn = useSession((state) => state.acceso);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    let source: EventSource | undefined;
    let retryMs = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = (document: string) => void queryClient.invalidateQueries({ queryKey: [document] });

    function connect() {
      source = new EventSource("/api/events");
      source.addEventListener("ready", () => {
        retryMs = 1000;
        // Anything may have changed while we were away.
        for (const document of shopperDocuments) refetch(document);
      });
      source.addEventListener(CHANGE_EVENT, (event) => refetch((event as MessageEvent<string>).data));
      source.onerror = () => {
        console.error("Live updates interrupted; reconnecting in", retryMs, "ms");
        source?.close();
        queryClient.removeQueries({ queryKey: ["cart"] });
        timer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      };
    }

    connect();
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [signedIn, queryClient]);
  return null;
}
