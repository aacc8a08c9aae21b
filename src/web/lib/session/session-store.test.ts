import { describe, expect, it } from "vitest";
import { canShop, createSessionStore, isGuest, signedIn, signedOut } from "./session-store.ts";

const account = { id: "u1", email: "ana@example.com", name: "Ana", lastName: "García" };
const guest = { id: "g1", email: "temp-g1@guest.invalid", name: "Guest", lastName: "", guest: true };

describe("the session store", () => {
  it("counts an account as signed in, and lets it shop", () => {
    const store = createSessionStore(account);
    expect(store.getState().acceso).toBe(true);
    expect(canShop(store.getState())).toBe(true);
    expect(isGuest(store.getState())).toBe(false);
  });

  it("never counts a guest as signed in, but lets it fill a cart (decision 032)", () => {
    const store = createSessionStore(null);
    expect(canShop(store.getState())).toBe(false);
    signedIn(store, guest);
    expect(store.getState().acceso).toBe(false);
    expect(canShop(store.getState())).toBe(true);
    expect(isGuest(store.getState())).toBe(true);
    // Signing up or in afterwards: the account replaces the guest.
    signedIn(store, account);
    expect(store.getState()).toMatchObject({ acceso: true, user: account });
    expect(isGuest(store.getState())).toBe(false);
    signedOut(store);
    expect(canShop(store.getState())).toBe(false);
  });
});
