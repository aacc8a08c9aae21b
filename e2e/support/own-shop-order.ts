import type { APIResponse, Page } from "playwright-core";
import { expect } from "vitest";
import { z } from "zod";
import {
  intentIdOf,
  madridAddress,
  orderRequest,
  testConfirmRequest,
} from "#server/testing/order-fixtures.ts";
import { backOfficeOrderApi, orderActionAnswerSchema } from "#shared/api/back-office-order-contract.ts";
import { enrolOwner, type ShopWithOwner } from "./back-office-shop.ts";
import { mailedAddressCode, SHOPPER_PASSWORD } from "./register.ts";

const idSchema = z.object({ id: z.string() });
const addressesSchema = z.object({ items: z.array(z.object({ id: z.string() })) });
const quoteSchema = z.object({ totals: z.object({ totalCents: z.number().int() }) });
const sessionSchema = z.object({ clientSecret: z.string() });
const paidSchema = z.object({ id: z.string(), number: z.string() });

async function json(response: APIResponse, status: number): Promise<unknown> {
  const text = await response.text();
  expect(response.status(), text).toBe(status);
  return JSON.parse(text);
}

/**
 * In a shop of the test file's own (`startShopWithOwner`): a shopper signed up and proven through
 * the API in `page`'s context (so the page then opens their account's pages), or a guest (decision
 * 032: no account, the invoice's e-mail gets the order's mail and link), who buys these products
 * and pays with the test card, from the shop in Spanish or, with `lang`, the language its page
 * sends. The order, once paid (its number taken).
 */
export async function buyInOwnShop(
  page: Page,
  { shop, at, outbox }: ShopWithOwner,
  buyer: { name: string; lastName: string; email: string },
  cart: Record<number, number>,
  { guest = false, lang }: { guest?: boolean; lang?: "es" | "pt" } = {},
): Promise<{ id: string; number: string }> {
  const { request } = page;
  const headers = { origin: shop.baseUrl };
  const post = (path: string, data: unknown) => request.post(at(path), { data, headers });
  if (guest) await json(await post("/api/auth/sign-in/anonymous", {}), 200);
  else {
    await json(await post("/api/auth/sign-up/email", { ...buyer, password: SHOPPER_PASSWORD }), 200);
    await json(
      await post("/api/auth/sign-up/prove-address", { code: await mailedAddressCode(buyer.email, outbox()) }),
      200,
    );
  }
  const [address] = addressesSchema.parse(await json(await post("/api/addresses", madridAddress), 201)).items;
  for (const [productId, cantidad] of Object.entries(cart))
    await json(await post(`/api/cart/${productId}`, { cantidad }), 200);
  const quoted = await post("/api/orders/quote", { addressId: address?.id, shippingMethod: "standard" });
  const { totals } = quoteSchema.parse(await json(quoted, 200));
  const invoice = {
    name: buyer.name,
    lastName: buyer.lastName,
    company: "",
    taxId: "",
    ...(guest ? { email: buyer.email } : {}),
  };
  const placed = await post(
    lang ? `/api/orders?lang=${lang}` : "/api/orders",
    orderRequest(address?.id ?? "", totals.totalCents, { invoice }),
  );
  const { id } = idSchema.parse(await json(placed, 201));
  const session = await request.get(at(`/api/orders/${id}/payment`), { headers });
  const { clientSecret } = sessionSchema.parse(await json(session, 200));
  const confirm = `/api/payments/test/intents/${intentIdOf(clientSecret)}/confirm`;
  await json(await post(confirm, testConfirmRequest(clientSecret, shop.baseUrl, id)), 200);
  return paidSchema.parse(await json(await request.get(at(`/api/orders/${id}`), { headers }), 200));
}

/** The shop's owner, signed in to the back office (second factor enrolled) in a page of their own. */
export async function ownerOf(newPage: () => Promise<Page>, owned: ShopWithOwner) {
  const page = await newPage();
  await enrolOwner(page, owned, { name: "Dueña de la tienda", password: "faro azul y gatos robot" });
  /** An action on an order from the back office, as its page sends it: the order as it is after. */
  const act = async (number: string, action: "ship" | "refund", data: unknown, status = 200) => {
    const answer = await page.request.post(owned.at(backOfficeOrderApi.action(number, action)), {
      data,
      headers: { origin: owned.shop.baseUrl },
    });
    return orderActionAnswerSchema.parse(await json(answer, status)).order;
  };
  /** The same action's answer as it is (a refusal, to be checked by the caller). */
  const send = async (number: string, action: "ship" | "refund", data: unknown) =>
    page.request.post(owned.at(backOfficeOrderApi.action(number, action)), {
      data,
      headers: { origin: owned.shop.baseUrl },
    });
  return { page, act, send };
}
