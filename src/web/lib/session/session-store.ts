import { createStore, type StoreApi } from "zustand/vanilla";
import type { SessionUser } from "#shared/api/account-contract.ts";

/** Spec §3/§4: the signed-in flag (acceso) and the signed-in user's email. */
export type SessionState = { acceso: boolean; user: SessionUser | null };
export type SessionStore = StoreApi<SessionState>;

/** One store per app: per request on the server, one in the browser. */
export function createSessionStore(user: SessionUser | null): SessionStore {
  return createStore<SessionState>(() => ({ acceso: user !== null, user }));
}

export function signedIn(store: SessionStore, user: SessionUser): void {
  store.setState({ acceso: true, user });
}

export function signedOut(store: SessionStore): void {
  store.setState({ acceso: false, user: null });
}
