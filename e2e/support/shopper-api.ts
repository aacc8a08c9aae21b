import type { Page } from "playwright-core";
import { expect } from "vitest";
import {
  intentIdOf,
  madridAddress,
  orderRequest,
  type TestPayment,
  testConfirmRequest,
} from "#server/testing/order-fixtures.ts";
import type { AddressesView, AddressForm } from "#shared/api/address-contract.ts";
import type { OrderView, PlaceOrderRequest, QuoteView } from "#shared/api/order-contract.ts";
import type { PaymentSessionView, TestConfirmAnswer } from "#shared/api/payment-contract.ts";
import { baseUrl } from "./browser.ts";

/**
 * Puts a product in the signed-in shopper's cart and saves an address, through the API with the
 * page's cookies: the quick way to a checkout that is ready to go.
 */
export async function prepareCheckout(page: Page, address: AddressForm = madridAddress): Promise<void> {
  const headers = { origin: baseUrl() };
  expect((await page.request.post("/api/cart/3", { data: { cantidad: 1 }, headers })).status()).toBe(200);
  expect((await page.request.post("/api/addresses", { data: address, headers })).status()).toBe(201);
}

/**
 * Places an order for what the cart holds, awaiting payment (number null), as the checkout's
 * «Confirmar y pagar» does; `extra` changes the request (a guest's invoice needs an email).
 */
export async function placeUnpaidOrder(
  page: Page,
  extra: Partial<PlaceOrderRequest> = {},
): Promise<OrderView> {
  const headers = { origin: baseUrl() };
  const { items } = (await (await page.request.get("/api/addresses")).json()) as AddressesView;
  const addressId = items[0]?.id ?? "";
  const quoted = await page.request.post("/api/orders/quote", {
    data: { addressId, shippingMethod: "standard" },
    headers,
  });
  const { totals } = (await quoted.json()) as QuoteView;
  const placed = await page.request.post("/api/orders", {
    data: orderRequest(addressId, totals.totalCents, extra),
    headers,
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as OrderView;
  expect(order).toMatchObject({ status: "pendiente-pago", number: null });
  return order;
}

/**
 * Pays an order awaiting payment as the built-in test provider's form in the browser does
 * (decision 034): the order's payment session gives the client secret, and the provider's own
 * endpoint takes a token, never a card number. Answers what the provider said.
 */
export async function payOrder(page: Page, orderId: string, how?: TestPayment): Promise<TestConfirmAnswer> {
  const headers = { origin: baseUrl() };
  const session = await page.request.get(`/api/orders/${orderId}/payment`, { headers });
  expect(session.status(), await session.text()).toBe(200);
  const { clientSecret } = (await session.json()) as PaymentSessionView;
  const confirmed = await page.request.post(
    `/api/payments/test/intents/${intentIdOf(clientSecret)}/confirm`,
    { data: testConfirmRequest(clientSecret, baseUrl(), orderId, how), headers },
  );
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return (await confirmed.json()) as TestConfirmAnswer;
}

/**
 * Places an order for what the cart holds and pays it with the approved test card, as the
 * checkout page and then the payment panel would; answers the order, paid and numbered.
 * `extra` changes the checkout request (a guest's invoice needs an email).
 */
export async function placeOrder(page: Page, extra: Partial<PlaceOrderRequest> = {}): Promise<OrderView> {
  const headers = { origin: baseUrl() };
  const placed = await placeUnpaidOrder(page, extra);
  expect((await payOrder(page, placed.id)).status).toBe("succeeded");
  const read = await page.request.get(`/api/orders/${placed.id}`, { headers });
  expect(read.status()).toBe(200);
  const order = (await read.json()) as OrderView;
  expect(order).toMatchObject({ status: "pagado", number: expect.stringMatching(/^\d{4}-\d{6}$/) });
  return order;
}
