import { createContext, createElement, type ReactNode, useContext, useState } from "react";
import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { InvoiceData } from "#shared/api/order-contract.ts";
import type { ShippingMethod } from "#shared/checkout/shipping.ts";
import type { SessionStore } from "#web/lib/session/session-store.ts";

/** No card step: the order is placed first, then paid on its own page (issue 27, decision 034). */
export const checkoutSteps = ["address", "invoice", "shipping", "coupon", "review"] as const;
export type CheckoutStep = (typeof checkoutSteps)[number];

export type CheckoutState = {
  /** Whose checkout this is: another shopper signing in on this tab starts afresh. */
  owner: string | null;
  step: CheckoutStep;
  addressId: string | null;
  invoice: InvoiceData;
  shippingMethod: ShippingMethod;
  couponCode: string;
  /** One per checkout: a double click or a retried request places one order. */
  idempotencyKey: string;
  goTo: (step: CheckoutStep) => void;
  update: (
    changes: Partial<Pick<CheckoutState, "addressId" | "invoice" | "shippingMethod" | "couponCode">>,
  ) => void;
  /** For another shopper: their checkout starts afresh. */
  reset: (owner: string | null) => void;
  /** Its order is placed: the app's next checkout starts afresh (this one stays as it is). */
  placed: () => void;
};

/** What the shopper chose so far; kept while they go back and forth between the steps. */
export type CheckoutStore = StoreApi<CheckoutState>;

/** The app's checkout: the one under way, until its order is placed and the next one starts. */
export type Checkouts = { current: () => CheckoutStore };

const fresh = () => ({
  step: "address" as const,
  addressId: null,
  invoice: { name: "", lastName: "", company: "", taxId: "" },
  shippingMethod: "standard" as const,
  couponCode: "",
  idempotencyKey: crypto.randomUUID(),
});

function createCheckoutStore(owner: string | null, onPlaced: () => void): CheckoutStore {
  return createStore<CheckoutState>()((set) => ({
    ...fresh(),
    owner,
    goTo: (step) => set({ step }),
    update: (changes) => set(changes),
    reset: (next) => set({ ...fresh(), owner: next }),
    placed: onPlaced,
  }));
}

/**
 * One per app, like the session store it follows: per request on the server, one in the browser
 * (issue 29). The checkout belongs to the session's shopper; another shopper signing in starts
 * afresh (signing out alone keeps it, as the next shopper decides).
 */
export function createCheckouts(session: SessionStore): Checkouts {
  const shopper = () => session.getState().user?.id ?? null;
  let current: CheckoutStore;
  const start = () => {
    current = createCheckoutStore(shopper(), start);
  };
  start();
  session.subscribe(({ user }) => {
    const state = current.getState();
    if (user && user.id !== state.owner) state.reset(user.id);
  });
  return { current: () => current };
}

const CheckoutsContext = createContext<Checkouts | null>(null);
const ShownCheckoutContext = createContext<CheckoutStore | null>(null);

export function CheckoutsProvider({ checkouts, children }: { checkouts: Checkouts; children: ReactNode }) {
  return createElement(CheckoutsContext, { value: checkouts }, children);
}

/**
 * The checkout its steps show: the app's current one when they appear, kept while they are on
 * screen. Once its order is placed the next checkout starts, but these steps stay as they were
 * while the order's page loads: they neither choose the default address again nor price the cart
 * the order emptied.
 */
export function ShownCheckout({ children }: { children: ReactNode }) {
  const checkouts = useContext(CheckoutsContext);
  if (!checkouts) throw new Error("ShownCheckout needs a CheckoutsProvider");
  const [store] = useState(checkouts.current);
  return createElement(ShownCheckoutContext, { value: store }, children);
}

export function useCheckoutStore(): CheckoutState;
export function useCheckoutStore<T>(select: (state: CheckoutState) => T): T;
export function useCheckoutStore<T>(select?: (state: CheckoutState) => T): T | CheckoutState {
  const store = useContext(ShownCheckoutContext);
  if (!store) throw new Error("useCheckoutStore needs a ShownCheckout");
  return useStore(store, (state) => (select ? select(state) : state));
}
