import { useEffect, useState } from "react";
import { staffOrderEvents } from "#shared/api/back-office-contract.ts";

const EVENTS_PATH = "/api/gestion/orders/events";

export type NewOrders = {
  /** Numbers of the orders paid since the list was last read, each once. */
  numbers: readonly string[];
  /** The server lost the announcements for a while: there may be new orders it could not tell. */
  missed: boolean;
  /** The staff session has ended: no more orders are told until the staff member signs in again. */
  signedOut: boolean;
  /** The list has been read again: what was new is in it (or not in its filters). */
  clear: () => void;
};

/**
 * The orders paid while the list is open (issue 30), from the server's stream. The stream is
 * closed while the page is hidden in the back/forward cache (an open one would keep it out) and
 * opened again when it is shown; EventSource itself reconnects after a network failure.
 */
export function useNewOrders(): NewOrders {
  const [numbers, setNumbers] = useState<readonly string[]>([]);
  const [missed, setMissed] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  useEffect(() => {
    let source: EventSource | undefined;
    const open = () => {
      source?.close();
      const opened = new EventSource(EVENTS_PATH);
      opened.addEventListener(staffOrderEvents.order, (event) => {
        const number = event.data;
        if (typeof number !== "string" || number === "") return;
        setNumbers((known) => (known.includes(number) ? known : [...known, number]));
      });
      opened.addEventListener(staffOrderEvents.missed, () => setMissed(true));
      // Too many lists open at once: this one was closed by the server; it does not insist.
      opened.addEventListener(staffOrderEvents.superseded, () => opened.close());
      // The session is over (its hours, a sign-out elsewhere, the account disabled): reconnecting
      // would only be refused.
      opened.addEventListener(staffOrderEvents.signedOut, () => {
        opened.close();
        setSignedOut(true);
      });
      source = opened;
    };
    const hide = () => source?.close();
    const show = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      // Orders paid while the page was away were not heard.
      setMissed(true);
      open();
    };
    open();
    addEventListener("pagehide", hide);
    addEventListener("pageshow", show);
    return () => {
      removeEventListener("pagehide", hide);
      removeEventListener("pageshow", show);
      source?.close();
    };
  }, []);
  return {
    numbers,
    missed,
    signedOut,
    clear: () => {
      setNumbers([]);
      setMissed(false);
    },
  };
}
