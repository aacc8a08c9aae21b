import { lazy, Suspense, useSyncExternalStore } from "react";
import { subscribeToToasts, toastsRequested } from "./toast-queue.ts";

const SonnerArea = lazy(() => import("./sonner-area.tsx"));

/** The toast area of spec §2, mounted with its library on the first toast. */
export function ToastArea() {
  const active = useSyncExternalStore(subscribeToToasts, toastsRequested, () => false);
  return active ? (
    <Suspense fallback={null}>
      <SonnerArea />
    </Suspense>
  ) : null;
}
