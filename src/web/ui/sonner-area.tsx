import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { subscribeToToasts, takeQueuedToasts } from "./toast-queue.ts";

function flush() {
  for (const item of takeQueuedToasts()) {
    if (item.kind === "info") toast(item.message);
    else toast[item.kind](item.message);
  }
}

export default function SonnerArea() {
  useEffect(() => {
    // Let the Toaster subscribe first, then hand it what waited.
    const timer = setTimeout(flush, 0);
    const unsubscribe = subscribeToToasts(flush);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);
  // Spec §9: bottom right, 2500 ms, close button, one visible at a time.
  return <Toaster position="bottom-right" duration={2500} closeButton visibleToasts={1} />;
}
