import { describe, expect, it } from "vitest";
import { INTENT_LIFETIME_MS, rememberIntent, takeIntent } from "./pending-intent.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe("what a signed-out shopper asked for", () => {
  it("is done once, by whichever tab signs in first", () => {
    const shared = memoryStorage();
    rememberIntent({ kind: "cart", productId: 7, cantidad: 2 }, shared, 1_000);
    expect(takeIntent(shared, 2_000)).toEqual({ kind: "cart", productId: 7, cantidad: 2 });
    expect(takeIntent(shared, 2_000)).toBeNull();
  });

  it("is forgotten after half an hour, and when it cannot be read", () => {
    const storage = memoryStorage();
    rememberIntent({ kind: "wish", productId: 3 }, storage, 0);
    expect(takeIntent(storage, INTENT_LIFETIME_MS + 1)).toBeNull();
    expect(storage.items.size).toBe(0);
    for (const raw of ["{", "null", '{"at":0,"intent":{"kind":"cart","productId":0,"cantidad":1}}', '"x"']) {
      storage.setItem("shop:pending-intent", raw);
      expect(takeIntent(storage, 10)).toBeNull();
      expect(storage.items.size).toBe(0);
    }
  });
});
