import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressesView } from "#shared/api/address-contract.ts";
import type { OrderSummary, OrderView } from "#shared/api/order-contract.ts";
import type { OrderLinkView } from "#shared/api/order-link-contract.ts";
import { shopOrder } from "../db/schema.ts";
import { createOrderLinks } from "../orders/order-links.ts";
import { createTestApi, TEST_AUTH_SECRET, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { body, madridAddress, orderRequest, quote, type Shopper } from "../testing/test-orders.ts";
import { asShopper, SHOPPER_PASSWORD, signUpShopper } from "../testing/test-users.ts";

/**
 * Issue 28: a coupon's once-per-shopper and first-order rules count the shopper's e-mail as well
 * as their account or guest, at checkout and when a guest's order is kept in an account.
 */
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const WELCOME = "BIENVENIDA10";
const links = createOrderLinks(TEST_AUTH_SECRET);
const json = { "content-type": "application/json", origin: TEST_ORIGIN };

/** A shopper signed in with `cookie`, with an address and `product` in the cart. */
async function withCart(cookie: string, product: number) {
  const shopper = asShopper(api, cookie);
  const { items } = await body<AddressesView>(await shopper("POST", "/api/addresses", madridAddress), 201);
  await body(await shopper("POST", `/api/cart/${product}`, { cantidad: 1 }), 200);
  return { cookie, shopper, addressId: items[0]?.id ?? "" };
}

/** A new guest (better-auth's anonymous sign-in) ready to check out. */
async function guestWithCart(product = 1) {
  const response = await api.request("/api/auth/sign-in/anonymous", {
    method: "POST",
    headers: json,
    body: "{}",
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((set) => set.split(";")[0])
    .join("; ");
  return withCart(cookie, product);
}

const accountWithCart = async (email: string, product: number) =>
  withCart(await signUpShopper(api, email), product);

/** Places the cart with the welcome coupon, as a guest giving `email` or as an account. */
async function orderWithWelcome(shopper: Shopper, addressId: string, email?: string) {
  const { totals } = await quote(shopper, addressId, WELCOME);
  const invoice = { name: "Ana", lastName: "García", company: "", taxId: "", ...(email ? { email } : {}) };
  return shopper(
    "POST",
    "/api/orders",
    orderRequest(addressId, totals.totalCents, { couponCode: WELCOME, invoice }),
  );
}

/** A second order by the same guest, without a coupon. */
async function guestWithCartOrder(guest: Awaited<ReturnType<typeof guestWithCart>>) {
  await body(await guest.shopper("POST", "/api/cart/3", { cantidad: 1 }), 200);
  const { totals } = await quote(guest.shopper, guest.addressId);
  const invoice = { name: "Ana", lastName: "García", company: "", taxId: "", email: "otra.mas@example.com" };
  return body<OrderView>(
    await guest.shopper("POST", "/api/orders", orderRequest(guest.addressId, totals.totalCents, { invoice })),
    201,
  );
}

async function firstOrderOf(account: { shopper: Shopper }) {
  const { items } = await body<{ items: OrderSummary[] }>(await account.shopper("GET", "/api/orders"), 200);
  const [first] = items;
  if (!first) throw new Error("the account has no order");
  return first;
}

const refusedCoupon = async (response: Response) =>
  (await body<{ error: { code: string }; quote: { coupon: unknown } }>(response, 422)).quote.coupon;

const claim = (orderId: string, cookie: string) =>
  asShopper(api, cookie)(
    "POST",
    `/api/order-links/${orderId}/claim?clave=${links.token(orderId, new Date())}`,
  );

async function ownerOf(orderId: string) {
  const [row] = await api.database.db
    .select({ userId: shopOrder.userId })
    .from(shopOrder)
    .where(eq(shopOrder.id, orderId));
  return row?.userId;
}

describe("the welcome coupon, once per shopper (issue 28)", () => {
  it("refuses keeping a guest's welcome order in an account that used the coupon, and leaves the order with the guest", async () => {
    const account = await accountWithCart("bienvenida.cuenta@example.com", 2);
    await body<OrderView>(await orderWithWelcome(account.shopper, account.addressId), 201);
    // The same person buys as a guest with another address: the coupon is that address's first use.
    const guest = await guestWithCart();
    const guestOrder = await body<OrderView>(
      await orderWithWelcome(guest.shopper, guest.addressId, "otra.direccion@example.com"),
      201,
    );
    expect(guestOrder.totals.discountCents).toBeGreaterThan(0);
    const guestId = await ownerOf(guestOrder.id);

    expect(await body(await claim(guestOrder.id, account.cookie), 409)).toMatchObject({
      error: { code: "coupon-already-used" },
    });
    expect(await ownerOf(guestOrder.id)).toBe(guestId);
    const { items } = await body<{ items: OrderSummary[] }>(await account.shopper("GET", "/api/orders"), 200);
    expect(items).toHaveLength(1);
    const token = links.token(guestOrder.id, new Date());
    const link = await body<OrderLinkView>(
      await api.request(`/api/order-links/${guestOrder.id}?clave=${encodeURIComponent(token)}`),
      200,
    );
    expect(link.guest).toBe(true);
  });

  it("leaves a guest's welcome order with the guest when it signs in to an account that used the coupon", async () => {
    const email = "bienvenida.entra@example.com";
    const account = await accountWithCart(email, 2);
    await body<OrderView>(await orderWithWelcome(account.shopper, account.addressId), 201);
    const guest = await guestWithCart();
    const welcome = await body<OrderView>(
      await orderWithWelcome(guest.shopper, guest.addressId, "otra.mas@example.com"),
      201,
    );
    const plain = await guestWithCartOrder(guest);
    const guestId = await ownerOf(welcome.id);

    const signedIn = await api.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { ...json, cookie: guest.cookie },
      body: JSON.stringify({ email, password: SHOPPER_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    // The order without a coupon joins the account; the second welcome discount does not.
    expect(await ownerOf(plain.id)).toBe(await ownerOf((await firstOrderOf(account)).id));
    expect(await ownerOf(welcome.id)).toBe(guestId);
    const { items } = await body<{ items: OrderSummary[] }>(await account.shopper("GET", "/api/orders"), 200);
    expect(items.map((item) => item.id)).not.toContain(welcome.id);
    expect(items.map((item) => item.id)).toContain(plain.id);
    // The guest stays for its order's link, without a session.
    expect((await guest.shopper("GET", "/api/cart")).status).toBe(401);
    const token = links.token(welcome.id, new Date());
    const link = await body<OrderLinkView>(
      await api.request(`/api/order-links/${welcome.id}?clave=${encodeURIComponent(token)}`),
      200,
    );
    expect(link.guest).toBe(true);
  });

  it("keeps a guest's welcome order in an account that never used it, once", async () => {
    const guest = await guestWithCart();
    const guestOrder = await body<OrderView>(
      await orderWithWelcome(guest.shopper, guest.addressId, "primera.vez@example.com"),
      201,
    );
    const account = await accountWithCart("primera.cuenta@example.com", 3);
    expect(await body(await claim(guestOrder.id, account.cookie), 200)).toEqual({ orderId: guestOrder.id });
    // The account has had its welcome discount now.
    expect((await quote(account.shopper, account.addressId, WELCOME)).coupon).toEqual({
      code: WELCOME,
      refusal: "coupon-already-used",
    });
  });

  it("refuses keeping a first-order coupon's order in an account that had ordered before it", async () => {
    const account = await accountWithCart("ya.compro@example.com", 4);
    const { totals } = await quote(account.shopper, account.addressId);
    await body(
      await account.shopper("POST", "/api/orders", orderRequest(account.addressId, totals.totalCents)),
      201,
    );
    const guest = await guestWithCart();
    const guestOrder = await body<OrderView>(
      await orderWithWelcome(guest.shopper, guest.addressId, "invitado.despues@example.com"),
      201,
    );
    expect(await body(await claim(guestOrder.id, account.cookie), 409)).toMatchObject({
      error: { code: "coupon-first-order-only" },
    });
  });

  it("refuses a guest's second welcome order with the same e-mail, in any letter case", async () => {
    const first = await guestWithCart();
    await body(await orderWithWelcome(first.shopper, first.addressId, "dos.veces@example.com"), 201);
    const second = await guestWithCart();
    expect(
      await refusedCoupon(await orderWithWelcome(second.shopper, second.addressId, "Dos.Veces@Example.com")),
    ).toEqual({
      code: WELCOME,
      refusal: "coupon-already-used",
    });
  });

  it("refuses a guest's welcome order by an e-mail whose account used the coupon", async () => {
    const account = await accountWithCart("cuenta.primero@example.com", 5);
    await body(await orderWithWelcome(account.shopper, account.addressId), 201);
    const guest = await guestWithCart();
    expect(
      await refusedCoupon(
        await orderWithWelcome(guest.shopper, guest.addressId, "cuenta.primero@example.com"),
      ),
    ).toEqual({
      code: WELCOME,
      refusal: "coupon-already-used",
    });
    // …and an account's quote counts the guest orders sent to its address.
    const later = await guestWithCart();
    await body(await orderWithWelcome(later.shopper, later.addressId, "invitado.antes@example.com"), 201);
    const signedUp = await accountWithCart("invitado.antes@example.com", 6);
    expect((await quote(signedUp.shopper, signedUp.addressId, WELCOME)).coupon).toMatchObject({
      refusal: "coupon-already-used",
    });
    expect(
      (await body<{ items: unknown[] }>(await signedUp.shopper("GET", "/api/coupons"), 200)).items,
    ).toEqual([]);
  });

  it("gives the coupon once when two guests with one e-mail check out at the same time", async () => {
    const guests = [await guestWithCart(7), await guestWithCart(8)];
    const answers = await Promise.all(
      guests.map((guest) => orderWithWelcome(guest.shopper, guest.addressId, "a.la.vez@example.com")),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
  });
});
