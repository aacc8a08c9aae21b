import { createContext, type ReactNode, useContext } from "react";
import { useStore } from "zustand";
import type { SessionState, SessionStore } from "./session-store.ts";

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error("useSession needs a SessionProvider");
  return store;
}

export function useSession<T>(select: (state: SessionState) => T): T {
  return useStore(useSessionStore(), select);
}
