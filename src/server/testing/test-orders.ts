import { expect } from "vitest";
import type { AddressesView } from "#shared/api/address-contract.ts";
import type { OrderView, QuoteView } from "#shared/api/order-contract.ts";
import { madridAddress, orderRequest } from "./order-fixtures.ts";
import type { TestApi } from "./test-app.ts";
import { asShopper, signUpShopper } from "./test-users.ts";

export { approvedCard, madridAddress, orderRequest } from "./order-fixtures.ts";

export type Shopper = ReturnType<typeof asShopper>;

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
