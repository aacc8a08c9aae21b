/**
 * Toasts wait here until the toast area has loaded its library (ui/toast-area.tsx): most visits
 * never show a toast, so the library is not part of the first download (docs/decisions/003).
 */
export type QueuedToast = { message: string; kind: "info" | "success" | "error" };

let queue: QueuedToast[] = [];
let requested = false;
const listeners = new Set<() => void>();

export function notify(message: string, kind: QueuedToast["kind"] = "info"): void {
  queue.push({ message, kind });
  requested = true;
  for (const listener of listeners) listener();
}

export function takeQueuedToasts(): QueuedToast[] {
  const taken = queue;
  queue = [];
  return taken;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toastsRequested(): boolean {
  return requested;
}
