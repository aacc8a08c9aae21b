import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { AddressesView, AddressForm } from "#shared/api/address-contract.ts";
import type { OrderView, PlaceOrderRequest, QuoteView } from "#shared/api/order-contract.ts";
import type { TestApi } from "./test-app.ts";
import { asShopper, signUpShopper } from "./test-users.ts";

export type Shopper = ReturnType<typeof asShopper>;

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

/** The JSON body of a response that must have this status (the body is shown when it has not). */
export async function body<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A signed-up shopper with an address and the given products in the cart. */
export async function shopperWithCart(
  api: TestApi,
  email: string,
  cart: Record<number, number>,
  address = madridAddress,
) {
  const shopper = asShopper(api, await signUpShopper(api, email));
  const { items } = await body<AddressesView>(await shopper("POST", "/api/addresses", address), 201);
  for (const [id, cantidad] of Object.entries(cart)) {
    await body(await shopper("POST", `/api/cart/${id}`, { cantidad }), 200);
  }
  return { shopper, addressId: items[0]?.id ?? "" };
}

export async function quote(shopper: Shopper, addressId: string, couponCode?: string) {
  return body<QuoteView>(
    await shopper("POST", "/api/orders/quote", { addressId, shippingMethod: "standard", couponCode }),
    200,
  );
}

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

/** A shopper who has just bought the given products. */
export async function shopperWithOrder(api: TestApi, email: string, cart: Record<number, number>) {
  const { shopper, addressId } = await shopperWithCart(api, email, cart);
  const { totals } = await quote(shopper, addressId);
  const order = await body<OrderView>(
    await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)),
    201,
  );
  return { shopper, order };
}
