import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { catalogQueryRoots, shopperDocuments } from "#shared/api/live-contract.ts";
import { useSession } from "#web/lib/session/session.tsx";

/**
 * Keeps this tab in step with the shopper's other tabs and devices: the server announces each
 * change of the cart or wish list and the page refetches it. The browser's tabs share one stream
 * (decision 013). A broken stream empties the cart in the page (spec §8) until it is back. Only a
 * signed-in shopper has a stream: its code is loaded for them, not with every visitor's page.
 * A change of the catalogue (decision 053) refetches what the page shows of it.
 */
export function LiveUpdates() {
  const userId = useSession((state) => state.user?.id);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const refetch = (document: string) => void queryClient.invalidateQueries({ queryKey: [document] });
    let stop: (() => void) | undefined;
    let ended = false;
    void import("#web/lib/live/shared-event-stream.ts").then(({ shareEventStream }) => {
      if (ended) return;
      stop = shareEventStream(userId, (message) => {
        if (message.kind === "change") refetch(message.document);
        else if (message.kind === "catalog") for (const root of catalogQueryRoots) refetch(root);
        else if (message.kind === "resync")
          for (const root of new Set([...shopperDocuments, ...catalogQueryRoots])) refetch(root);
        else queryClient.removeQueries({ queryKey: ["cart"] });
      });
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [userId, queryClient]);
  return null;
}
