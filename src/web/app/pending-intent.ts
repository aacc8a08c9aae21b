/**
 * What a signed-out shopper asked for before being sent to sign in (issue 3: after signing in,
 * the product is added). Kept in sessionStorage: it survives the sign-in page, not the tab.
 */
export type PendingIntent =
  | { kind: "cart"; productId: number; cantidad: number }
  | { kind: "wish"; productId: number };

const KEY = "shop:pending-intent";

export function rememberIntent(intent: PendingIntent): void {
  sessionStorage.setItem(KEY, JSON.stringify(intent));
}

/** Reads and forgets the intent; anything unreadable counts as none. */
export function takeIntent(): PendingIntent | null {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<{ kind: string; productId: number; cantidad: number }>;
    if (!Number.isInteger(value.productId) || (value.productId ?? 0) < 1) return null;
    const productId = value.productId as number;
    if (value.kind === "wish") return { kind: "wish", productId };
    if (value.kind === "cart" && Number.isInteger(value.cantidad) && (value.cantidad ?? 0) >= 1) {
      return { kind: "cart", productId, cantidad: value.cantidad as number };
    }
    return null;
  } catch {
    return null;
  }
}
