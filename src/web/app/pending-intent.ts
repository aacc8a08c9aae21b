/**
 * What a signed-out shopper asked for before being sent to sign in (issue 3: after signing in,
 * the product is added). Kept in localStorage, so the tab a sign-in link opens from the mail
 * does it too; for half an hour (a link works for 15 minutes), taken once by whichever tab signs in.
 */
export type PendingIntent =
  | { kind: "cart"; productId: number; cantidad: number }
  | { kind: "wish"; productId: number };

const KEY = "shop:pending-intent";
export const INTENT_LIFETIME_MS = 30 * 60 * 1000;

type IntentStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function rememberIntent(
  intent: PendingIntent,
  storage: IntentStorage = localStorage,
  now: number = Date.now(),
): void {
  storage.setItem(KEY, JSON.stringify({ at: now, intent }));
}

/** Reads and forgets the intent; anything unreadable or too old counts as none. */
export function takeIntent(
  storage: IntentStorage = localStorage,
  now: number = Date.now(),
): PendingIntent | null {
  const raw = storage.getItem(KEY);
  if (raw === null) return null;
  storage.removeItem(KEY);
  try {
    // Checked by hand: zod is not in the first view's script, and this runs on every page.
    const value = JSON.parse(raw) as { at?: unknown; intent?: Partial<Record<string, unknown>> } | null;
    const at = value?.at;
    if (typeof at !== "number" || now - at > INTENT_LIFETIME_MS || at > now) return null;
    const { kind, productId, cantidad } = value?.intent ?? {};
    if (!isCount(productId)) return null;
    if (kind === "wish") return { kind, productId };
    if (kind === "cart" && isCount(cantidad)) return { kind, productId, cantidad };
    return null;
  } catch {
    return null;
  }
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1;
}
