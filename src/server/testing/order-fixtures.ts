import { randomUUID } from "node:crypto";
import type { AddressForm } from "#shared/api/address-contract.ts";
import type { PlaceOrderRequest } from "#shared/api/order-contract.ts";
import type { TestCardToken, TestConfirmRequest } from "#shared/api/payment-contract.ts";

/**
 * A shopper's order data, without any server or database behind it: shared by the API tests
 * (through test-orders.ts) and the end-to-end tests.
 */
export const madridAddress: AddressForm = {
  name: "Ana",
  lastName: "García",
  street: "Calle de Alcalá 12",
  floorDoor: "",
  postalCode: "28013",
  city: "Madrid",
  country: "ES",
  region: "28",
  phone: "612345678",
};

/** A delivery address in Portugal (Lisbon): MB WAY and Multibanco are offered there. */
export const lisbonAddress: AddressForm = {
  ...madridAddress,
  name: "Maria",
  lastName: "Silva",
  street: "Rua Augusta 100",
  postalCode: "1100-053",
  city: "Lisboa",
  country: "PT",
  region: "11",
  phone: "+351 212 345 678",
};

/** How a test pays an order with the built-in provider, as its UI in the browser would send it. */
export type TestPayment =
  | { method: "card"; token: TestCardToken }
  | { method: "bizum" | "mb_way"; phone: string }
  | { method: "multibanco" };

export const paidByCard: TestPayment = { method: "card", token: "tok_visa" };

/** The built-in provider's intent id: its client secret up to `_secret_` (as Stripe's). */
export const intentIdOf = (clientSecret: string): string => clientSecret.split("_secret_")[0] ?? "";

/** The confirmation the built-in provider's UI sends: a token and the last four digits, never a card number. */
export function testConfirmRequest(
  clientSecret: string,
  origin: string,
  orderId: string,
  how: TestPayment = paidByCard,
): TestConfirmRequest {
  const returnUrl = `${origin}/checkout/fin?pedido=${orderId}`;
  return how.method === "card"
    ? { ...how, clientSecret, returnUrl, last4: "4242" }
    : { ...how, clientSecret, returnUrl };
}

/** A checkout request as the browser sends it (the payment follows, in the provider's UI). */
export function orderRequest(
  addressId: string,
  expectedTotalCents: number,
  extra: Partial<PlaceOrderRequest> = {},
) {
  return {
    idempotencyKey: randomUUID(),
    addressId,
    shippingMethod: "standard",
    invoice: { name: "Ana", lastName: "García", company: "", taxId: "" },
    expectedTotalCents,
    ...extra,
  } satisfies PlaceOrderRequest;
}
