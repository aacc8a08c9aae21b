import { expect } from "vitest";
import type { AddressesView } from "#shared/api/address-contract.ts";
import type { OrderView, PlaceOrderRequest, QuoteView } from "#shared/api/order-contract.ts";
import type { PaymentSessionView, TestConfirmAnswer } from "#shared/api/payment-contract.ts";
import {
  intentIdOf,
  madridAddress,
  orderRequest,
  paidByCard,
  type TestPayment,
  testConfirmRequest,
} from "./order-fixtures.ts";
import { TEST_ORIGIN, type TestApi } from "./test-app.ts";
import { asShopper, signUpShopper } from "./test-users.ts";

export { madridAddress, orderRequest, paidByCard, type TestPayment } from "./order-fixtures.ts";

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

/**
 * Pays an order awaiting payment with the built-in provider, as the browser does: the payment's
 * client secret from the shop, then the confirmation to the provider.
 */
export async function payOrder(shopper: Shopper, orderId: string, how: TestPayment = paidByCard) {
  const session = await body<PaymentSessionView>(await shopper("GET", `/api/orders/${orderId}/payment`), 200);
  const confirm = testConfirmRequest(session.clientSecret, TEST_ORIGIN, orderId, how);
  const path = `/api/payments/test/intents/${intentIdOf(session.clientSecret)}/confirm`;
  return body<TestConfirmAnswer>(await shopper("POST", path, confirm), 200);
}

/** Places the shopper's cart as an order and pays it by card: the order as it then is. */
export async function placeAndPay(
  shopper: Shopper,
  addressId: string,
  extra: Partial<PlaceOrderRequest> = {},
) {
  const { totals } = await quote(shopper, addressId);
  const placed = await body<OrderView>(
    await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents, extra)),
    201,
  );
  await payOrder(shopper, placed.id);
  const paid = await body<OrderView>(await shopper("GET", `/api/orders/${placed.id}`), 200);
  if (paid.number === null) throw new Error(`Order ${paid.id} was not paid: ${paid.status}`);
  return { ...paid, number: paid.number };
}

/** A shopper who has just bought (and paid) the given products. */
export async function shopperWithOrder(api: TestApi, email: string, cart: Record<number, number>) {
  const { shopper, addressId } = await shopperWithCart(api, email, cart);
  return { shopper, order: await placeAndPay(shopper, addressId) };
}
