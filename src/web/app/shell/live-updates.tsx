import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { shopperDocuments } from "#shared/api/live-contract.ts";
import { shareEventStream } from "#web/lib/live/shared-event-stream.ts";
import { useSession } from "#web/lib/session/session.tsx";

/**
 * Keeps this tab in step with the shopper's other tabs and devices: the server announces each
 * change of the cart or wish list and the page refetches it. The browser's tabs share one stream
 * (decision 013). A broken stream empties the cart in the page (spec §8) until it is back.
 */
export function LiveUpdates() {
  const userId = useSession((state) => state.user?.id);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const refetch = (document: string) => void queryClient.invalidateQueries({ queryKey: [document] });
    return shareEventStream(userId, (message) => {
      if (message.kind === "change") refetch(message.document);
      else if (message.kind === "resync") for (const document of shopperDocuments) refetch(document);
      else queryClient.removeQueries({ queryKey: ["cart"] });
    });
  }, [userId, queryClient]);
  return null;
}
