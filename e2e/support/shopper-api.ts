import type { Page } from "playwright-core";
import { expect } from "vitest";
import { madridAddress, orderRequest } from "#server/testing/order-fixtures.ts";
import type { AddressesView, AddressForm } from "#shared/api/address-contract.ts";
import type { OrderView, PlaceOrderRequest, QuoteView } from "#shared/api/order-contract.ts";
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
 * Places an order for what the cart holds, as the checkout page would, paying with the test card;
 * `extra` changes the request (a guest's invoice needs an email).
 */
export async function placeOrder(page: Page, extra: Partial<PlaceOrderRequest> = {}): Promise<OrderView> {
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
  return (await placed.json()) as OrderView;
}
