import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { AddressesView, AddressForm } from "#shared/api/address-contract.ts";
import type { OrderView, PlaceOrderRequest, QuoteView } from "#shared/api/order-contract.ts";
import { baseUrl } from "./browser.ts";

/** A delivery address in Madrid (peninsula zone, 21 % VAT). */
export const MADRID_ADDRESS = {
  name: "Ana",
  lastName: "García López",
  street: "Calle de Alcalá 12",
  floorDoor: "",
  postalCode: "28013",
  city: "Madrid",
  country: "ES",
  region: "28",
  phone: "612345678",
} satisfies AddressForm;

/**
 * Puts a product in the signed-in shopper's cart and saves an address, through the API with the
 * page's cookies: the quick way to a checkout that is ready to go.
 */
export async function prepareCheckout(page: Page, address: AddressForm = MADRID_ADDRESS): Promise<void> {
  const headers = { origin: baseUrl() };
  expect((await page.request.post("/api/cart/3", { data: { cantidad: 1 }, headers })).status()).toBe(200);
  expect((await page.request.post("/api/addresses", { data: address, headers })).status()).toBe(201);
}

/** Places an order for what the cart holds, as the checkout page would, paying with the test card. */
export async function placeOrder(page: Page): Promise<OrderView> {
  const headers = { origin: baseUrl() };
  const { items } = (await (await page.request.get("/api/addresses")).json()) as AddressesView;
  const addressId = items[0]?.id ?? "";
  const quoted = await page.request.post("/api/orders/quote", {
    data: { addressId, shippingMethod: "standard" },
    headers,
  });
  const { totals } = (await quoted.json()) as QuoteView;
  const order: PlaceOrderRequest = {
    idempotencyKey: randomUUID(),
    addressId,
    shippingMethod: "standard",
    invoice: { name: "Ana", lastName: "García López", company: "", taxId: "" },
    card: { holder: "Ana García", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
    expectedTotalCents: totals.totalCents,
  };
  const placed = await page.request.post("/api/orders", { data: order, headers });
  expect(placed.status()).toBe(201);
  return (await placed.json()) as OrderView;
}
