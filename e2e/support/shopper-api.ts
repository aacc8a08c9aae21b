import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { AddressForm } from "#shared/api/address-contract.ts";
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
