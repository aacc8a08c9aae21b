import { create } from "zustand";
import type { InvoiceData } from "#shared/api/order-contract.ts";
import type { ShippingMethod } from "#shared/checkout/shipping.ts";

/** No card step: the order is placed first, then paid on its own page (issue 27, decision 034). */
export const checkoutSteps = ["address", "invoice", "shipping", "coupon", "review"] as const;
export type CheckoutStep = (typeof checkoutSteps)[number];

type CheckoutState = {
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
  /** After an order, or for another shopper: the next checkout starts afresh. */
  reset: (owner: string | null) => void;
};

const fresh = () => ({
  step: "address" as const,
  addressId: null,
  invoice: { name: "", lastName: "", company: "", taxId: "" },
  shippingMethod: "standard" as const,
  couponCode: "",
  idempotencyKey: crypto.randomUUID(),
});

/** What the shopper chose so far; kept while they go back and forth between the steps. */
export const useCheckoutStore = create<CheckoutState>()((set) => ({
  ...fresh(),
  owner: null,
  goTo: (step) => set({ step }),
  update: (changes) => set(changes),
  reset: (owner) => set({ ...fresh(), owner }),
}));
