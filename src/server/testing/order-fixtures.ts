import { randomUUID } from "node:crypto";
import type { AddressForm } from "#shared/api/address-contract.ts";
import type { PlaceOrderRequest } from "#shared/api/order-contract.ts";

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

export const approvedCard = {
  holder: "Ana García",
  number: "4242 4242 4242 4242",
  expiry: "12/30",
  cvc: "123",
};

/** A checkout request as the browser sends it, paying with the approved test card. */
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
    card: approvedCard,
    expectedTotalCents,
    ...extra,
  } satisfies PlaceOrderRequest;
}
