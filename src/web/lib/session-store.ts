import { create } from "zustand";

/** Spec §3/§4: the signed-in flag and the signed-in user's email. */
type SessionState = {
  acceso: boolean;
  email: string | null;
};

export const useSessionStore = create<SessionState>(() => ({ acceso: false, email: null }));
