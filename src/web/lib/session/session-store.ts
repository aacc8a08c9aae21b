import { createStore, type StoreApi } from "zustand/vanilla";
import type { SessionUser } from "#shared/api/account-contract.ts";

/**
 * Spec §3/§4: the signed-in flag (acceso) and the signed-in user's email. A guest (decision 032)
 * has a user, for the cart and the checkout, but is not signed in: `acceso` stays false.
 */
export type SessionState = { acceso: boolean; user: SessionUser | null };
export type SessionStore = StoreApi<SessionState>;

const isAccount = (user: SessionUser | null) => user !== null && user.guest !== true;

/** One store per app: per request on the server, one in the browser. */
export function createSessionStore(user: SessionUser | null): SessionStore {
  return createStore<SessionState>(() => ({ acceso: isAccount(user), user }));
}

export function signedIn(store: SessionStore, user: SessionUser): void {
  store.setState({ acceso: isAccount(user), user });
}

export function signedOut(store: SessionStore): void {
  store.setState({ acceso: false, user: null });
}

/** Whether the shopper may fill a cart: an account, or a guest buying without one. */
export function canShop(state: SessionState): boolean {
  return state.user !== null;
}

/** Whether the shopper is a guest (decision 032). */
export function isGuest(state: SessionState): boolean {
  return state.user?.guest === true;
}
