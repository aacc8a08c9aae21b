import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressesView } from "#shared/api/address-contract.ts";
import type { OrderSummary, OrderView } from "#shared/api/order-contract.ts";
import type { OrderLinkView } from "#shared/api/order-link-contract.ts";
import type { CartView } from "#shared/api/shopper-contract.ts";
import { mailOutbox, session, shopOrder, user } from "../db/schema.ts";
import { createOrderLinks } from "../orders/order-links.ts";
import { createTestApi, TEST_AUTH_SECRET, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { body, madridAddress, orderRequest, payOrder, quote, type Shopper } from "../testing/test-orders.ts";
import { asShopper, mailedAddressCode, signUpShopper } from "../testing/test-users.ts";
import { STALE_GUEST_DAYS, sweepStaleGuests } from "./guest.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const PASSWORD = "gato-robot-azul-7";
const json = { "content-type": "application/json", origin: TEST_ORIGIN };

/** The Cookie header after an answer: the cookies it sets replace those of the same name. */
function cookiesAfter(cookie: string, response: Response): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(set) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

type Guest = { id: string; cookie: string; shopper: Shopper };

async function newGuest(): Promise<Guest> {
  const response = await api.request("/api/auth/sign-in/anonymous", {
    method: "POST",
    headers: json,
    body: "{}",
  });
  const cookie = cookiesAfter("", response);
  const answer = await body<{ user: { id: string } }>(response, 200);
  return { id: answer.user.id, cookie, shopper: asShopper(api, cookie) };
}

async function fillCart(shopper: Shopper, cart: Record<number, number>) {
  for (const [id, cantidad] of Object.entries(cart))
    await body(await shopper("POST", `/api/cart/${id}`, { cantidad }), 200);
}

/** A guest who has bought `cart`, giving `email` at checkout, with the link its mail carries. */
async function guestWithOrder(email: string, cart: Record<number, number>) {
  const guest = await newGuest();
  const { items } = await body<AddressesView>(
    await guest.shopper("POST", "/api/addresses", madridAddress),
    201,
  );
  const addressId = items[0]?.id ?? "";
  await fillCart(guest.shopper, cart);
  const { totals } = await quote(guest.shopper, addressId);
  const invoice = { name: "Ana", lastName: "García", company: "", taxId: "", email };
  const placed = await body<OrderView>(
    await guest.shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents, { invoice })),
    201,
  );
  await payOrder(guest.shopper, placed.id);
  const order = await body<OrderView>(await guest.shopper("GET", `/api/orders/${placed.id}`), 200);
  const [mail] = await api.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.key, `order:${order.id}:pagado`));
  const link = mail?.text.match(/http\S+\/pedido\/\S+/)?.[0] ?? "";
  const token = new URL(link).searchParams.get("clave") ?? "";
  return { ...guest, order, mail, link, token };
}

const openLink = (orderId: string, token: string) =>
  api.request(`/api/order-links/${orderId}?clave=${encodeURIComponent(token)}`);

async function signIn(cookie: string, email: string) {
  const response = await api.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { ...json, cookie },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return cookiesAfter(cookie, response);
}

/** Signs up in the guest's browser and proves the address there with the mailed code (issue 28). */
async function signUp(cookie: string, email: string) {
  const response = await api.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { ...json, cookie },
    body: JSON.stringify({ name: "Ana", lastName: "García", email, password: PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const jar = cookiesAfter(cookie, response);
  const proven = await api.request("/api/auth/sign-up/prove-address", {
    method: "POST",
    headers: { ...json, cookie: jar },
    body: JSON.stringify({ code: await mailedAddressCode(api, email) }),
  });
  expect(proven.status, await proven.clone().text()).toBe(200);
  return cookiesAfter(jar, proven);
}

const cartOf = async (shopper: Shopper) =>
  (await body<CartView>(await shopper("GET", "/api/cart"), 200)).lines.map((line) => [
    line.product.id,
    line.cantidad,
  ]);

async function guestRow(id: string) {
  const [row] = await api.database.db.select().from(user).where(eq(user.id, id));
  return row;
}

describe("buying as a guest", () => {
  it("keys the cart and the order by the guest, and mails the order to the address given", async () => {
    const guest = await guestWithOrder("guest.one@example.com", { 1: 2 });
    expect((await guestRow(guest.id))?.isAnonymous).toBe(true);
    expect(guest.order).toMatchObject({ status: "pagado", buyer: { email: "guest.one@example.com" } });
    const [stored] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, guest.order.id));
    expect(stored?.userId).toBe(guest.id);
    expect(guest.mail?.recipient).toBe("guest.one@example.com");
    expect(guest.link.startsWith(`${TEST_ORIGIN}/pedido/${guest.order.id}?clave=`)).toBe(true);
    // The confirmation page reads it; the cart it came from is empty.
    await body<OrderView>(await guest.shopper("GET", `/api/orders/${guest.order.id}`), 200);
    expect(await cartOf(guest.shopper)).toEqual([]);
  });

  it("asks a guest for an email to send the order to", async () => {
    const guest = await newGuest();
    const { items } = await body<AddressesView>(
      await guest.shopper("POST", "/api/addresses", madridAddress),
      201,
    );
    await fillCart(guest.shopper, { 2: 1 });
    const addressId = items[0]?.id ?? "";
    const { totals } = await quote(guest.shopper, addressId);
    const refused = await guest.shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents));
    expect(await body(refused, 422)).toMatchObject({ error: { code: "guest-email-required" } });
    const invoice = { name: "Ana", lastName: "García", company: "", taxId: "", email: "not-an-address" };
    const malformed = await guest.shopper(
      "POST",
      "/api/orders",
      orderRequest(addressId, totals.totalCents, { invoice }),
    );
    expect(await body(malformed, 400)).toMatchObject({
      error: { fields: { "invoice.email": "email-invalid" } },
    });
    expect(await cartOf(guest.shopper)).toEqual([[2, 1]]);
  });

  it("refuses guests at the accounts' endpoints", async () => {
    const guest = await newGuest();
    for (const path of [
      "/api/me",
      "/api/orders",
      "/api/orders/credit-notes",
      "/api/orders/purchased-products",
      "/api/personal-data",
      "/api/coupons",
    ]) {
      const answer = await guest.shopper("GET", path);
      expect(answer.status, path).toBe(401);
    }
    expect((await guest.shopper("POST", "/api/auth/sign-in/anonymous", {})).status).toBe(400);
  });

  it("makes no guest of a shopper signed in to an account, whose session stays", async () => {
    const cookie = await signUpShopper(api, `cuenta-${Date.now()}@example.com`);
    const asAccount = asShopper(api, cookie);
    const refused = await asAccount("POST", "/api/auth/sign-in/anonymous", {});
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "ALREADY_SIGNED_IN" });
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect((await asAccount("GET", "/api/me")).status).toBe(200);
  });

  it("keeps one guest out of another's order and cart", async () => {
    const first = await guestWithOrder("first.guest@example.com", { 3: 1 });
    const second = await newGuest();
    await fillCart(first.shopper, { 4: 1 });
    expect((await second.shopper("GET", `/api/orders/${first.order.id}`)).status).toBe(404);
    expect(await cartOf(second.shopper)).toEqual([]);
    const cancel = await second.shopper("POST", `/api/orders/${first.order.id}/cancel`);
    expect(cancel.status).toBe(401);
    // The first one's link opens the first one's order only.
    const secondOrder = await guestWithOrder("second.guest@example.com", { 5: 1 });
    expect((await openLink(secondOrder.order.id, first.token)).status).toBe(403);
  });
});

describe("an order mail's signed link", () => {
  it("shows that order, read-only, without a session", async () => {
    const guest = await guestWithOrder("link.guest@example.com", { 6: 1 });
    const shown = await body<OrderLinkView>(await openLink(guest.order.id, guest.token), 200);
    expect(shown).toMatchObject({ guest: true, order: { id: guest.order.id, number: guest.order.number } });
    const invoice = await api.request(
      `/api/order-links/${guest.order.id}/documents/invoice?clave=${encodeURIComponent(guest.token)}`,
    );
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("content-type")).toBe("application/pdf");
  });

  it("refuses a wrong or an expired token, and says which", async () => {
    const guest = await guestWithOrder("expired.guest@example.com", { 7: 1 });
    const [expiry, signature] = guest.token.split(".");
    const tampered = `${expiry}.${signature?.startsWith("A") ? "B" : "A"}${signature?.slice(1)}`;
    expect(await body(await openLink(guest.order.id, tampered), 403)).toMatchObject({
      error: { code: "order-link-invalid" },
    });
    expect((await openLink(guest.order.id, "")).status).toBe(400);
    const old = createOrderLinks(TEST_AUTH_SECRET).token(guest.order.id, new Date("2020-01-01T00:00:00Z"));
    expect(await body(await openLink(guest.order.id, old), 410)).toMatchObject({
      error: { code: "order-link-expired" },
    });
  });

  it("lets a guest erase their data, as an account owner deletes the account", async () => {
    const guest = await guestWithOrder("erase.guest@example.com", { 8: 1 });
    await fillCart(guest.shopper, { 9: 1 });
    const erase = `/api/order-links/${guest.order.id}/erase?clave=${encodeURIComponent(guest.token)}`;
    expect(
      (await api.request(erase.replace(guest.token.slice(-4), "AAAA"), { method: "POST", headers: json }))
        .status,
    ).toBe(403);
    expect(await body(await api.request(erase, { method: "POST", headers: json }), 200)).toEqual({
      erased: true,
    });
    expect(await guestRow(guest.id)).toBeUndefined();
    // The order stays for the tax law, tied to nobody; its link no longer opens it.
    const [kept] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, guest.order.id));
    expect(kept?.userId).toBeNull();
    expect((await openLink(guest.order.id, guest.token)).status).toBe(404);
    expect((await guest.shopper("GET", "/api/cart")).status).toBe(401);
  });

  it("leaves an account's data to the account's own deletion", async () => {
    const guest = await guestWithOrder("keeps.account@example.com", { 10: 1 });
    await signUp(guest.cookie, "keeps.account@example.com");
    const erase = `/api/order-links/${guest.order.id}/erase?clave=${encodeURIComponent(guest.token)}`;
    expect(await body(await api.request(erase, { method: "POST", headers: json }), 409)).toMatchObject({
      error: { code: "account-order" },
    });
    // The link still opens the order, now an account's.
    expect(await body<OrderLinkView>(await openLink(guest.order.id, guest.token), 200)).toMatchObject({
      guest: false,
    });
  });
});

describe("keeping a guest's order in an account from its link, on any device", () => {
  const claim = (orderId: string, token: string, cookie?: string) =>
    api.request(`/api/order-links/${orderId}/claim?clave=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { ...json, ...(cookie ? { cookie } : {}) },
    });

  it("moves that order, with its invoice, to the signed-in account; the guest's cart stays", async () => {
    const guest = await guestWithOrder("phone.guest@example.com", { 7: 1 });
    await fillCart(guest.shopper, { 9: 1 });
    // Another browser, where the shopper has an account with another address.
    const laptop = await signUpShopper(api, `laptop-${Date.now()}@example.com`);
    const asAccount = asShopper(api, laptop);

    expect((await claim(guest.order.id, guest.token)).status).toBe(401);
    const wrong = `${guest.token.slice(0, -4)}AAAA`;
    expect((await claim(guest.order.id, wrong, laptop)).status).toBe(403);
    expect(await body(await claim(guest.order.id, guest.token, laptop), 200)).toEqual({
      orderId: guest.order.id,
    });
    const { items } = await body<{ items: OrderSummary[] }>(await asAccount("GET", "/api/orders"), 200);
    expect(items.map((item) => item.id)).toEqual([guest.order.id]);
    expect((await asAccount("GET", `/api/orders/${guest.order.id}/documents/invoice`)).status).toBe(200);
    // The guest no longer sees it as theirs; their cart is theirs still.
    expect((await guest.shopper("GET", `/api/orders/${guest.order.id}`)).status).toBe(404);
    expect(await cartOf(guest.shopper)).toEqual([[9, 1]]);
    // Asked again, it is already there; another account cannot take it.
    expect((await claim(guest.order.id, guest.token, laptop)).status).toBe(200);
    const other = await signUpShopper(api, `other-${Date.now()}@example.com`);
    expect(await body(await claim(guest.order.id, guest.token, other), 409)).toMatchObject({
      error: { code: "account-order" },
    });
  });

  it("gives the order to one account only when two ask at once", async () => {
    const guest = await guestWithOrder("twice.guest@example.com", { 10: 1 });
    const first = await signUpShopper(api, `first-${Date.now()}@example.com`);
    const second = await signUpShopper(api, `second-${Date.now()}@example.com`);
    const answers = await Promise.all([
      claim(guest.order.id, guest.token, first),
      claim(guest.order.id, guest.token, second),
      claim(guest.order.id, guest.token, first),
    ]);
    const statuses = answers.map((answer) => answer.status);
    const [owner] = await api.database.db.select().from(shopOrder).where(eq(shopOrder.id, guest.order.id));
    const firstOwns =
      (await body<{ user: { id: string } }>(await asShopper(api, first)("GET", "/api/me"), 200)).user.id ===
      owner?.userId;
    // Each account hears the truth: the one that has it 200, the other 409.
    expect(statuses).toEqual(firstOwns ? [200, 409, 200] : [409, 200, 409]);
  });

  it("takes no guest session as the account to keep it in", async () => {
    const guest = await guestWithOrder("guest.claims@example.com", { 8: 1 });
    expect((await claim(guest.order.id, guest.token, guest.cookie)).status).toBe(401);
  });
});

describe("a guest who signs up or in", () => {
  it("takes the cart and the orders to the new account", async () => {
    const guest = await guestWithOrder("new.account@example.com", { 11: 1 });
    await fillCart(guest.shopper, { 12: 2 });
    const account = asShopper(api, await signUp(guest.cookie, "new.account@example.com"));
    const { items } = await body<{ items: OrderSummary[] }>(await account("GET", "/api/orders"), 200);
    expect(items.map((item) => item.id)).toEqual([guest.order.id]);
    await body<OrderView>(await account("GET", `/api/orders/${guest.order.id}`), 200);
    expect(await cartOf(account)).toEqual([[12, 2]]);
    const { items: addresses } = await body<AddressesView>(await account("GET", "/api/addresses"), 200);
    expect(addresses.map((address) => address.city)).toEqual(["Madrid"]);
    // The guest is gone, and its cookie with it.
    expect(await guestRow(guest.id)).toBeUndefined();
    expect((await guest.shopper("GET", "/api/cart")).status).toBe(401);
  });

  it("merges the cart into an existing account's, capped as the cart caps it", async () => {
    const owner = asShopper(api, await signUpShopper(api, "existing.account@example.com"));
    await body(
      await owner("POST", "/api/addresses", { ...madridAddress, city: "Getafe", postalCode: "28901" }),
      201,
    );
    // Product 152 is an exclusive lot: one per order.
    await fillCart(owner, { 13: 1, 152: 1 });
    const guest = await guestWithOrder("existing.account@example.com", { 18: 1 });
    await fillCart(guest.shopper, { 13: 2, 152: 1, 15: 1 });
    const signedIn = asShopper(api, await signIn(guest.cookie, "existing.account@example.com"));
    expect(await cartOf(signedIn)).toEqual([
      [13, 3],
      [152, 1],
      [15, 1],
    ]);
    const { items } = await body<{ items: OrderSummary[] }>(await signedIn("GET", "/api/orders"), 200);
    expect(items.map((item) => item.id)).toEqual([guest.order.id]);
    // The account's default address stays the default.
    const { items: addresses } = await body<AddressesView>(await signedIn("GET", "/api/addresses"), 200);
    expect(addresses.filter((address) => address.isDefault).map((address) => address.city)).toEqual([
      "Getafe",
    ]);
    expect(addresses).toHaveLength(2);
    expect(await guestRow(guest.id)).toBeUndefined();
  });
});

describe("stale guests", () => {
  it("are forgotten after a while without an order or a visit; guests with an order stay", async () => {
    const idle = await newGuest();
    await fillCart(idle.shopper, { 16: 1 });
    const recent = await newGuest();
    const buyer = await guestWithOrder("old.buyer@example.com", { 17: 1 });
    const account = asShopper(api, await signUpShopper(api, "old.account@example.com"));
    const { user: me } = await body<{ user: { id: string } }>(await account("GET", "/api/me"), 200);
    const later = new Date(Date.now() + (STALE_GUEST_DAYS + 1) * 86_400_000);
    const longAgo = new Date(Date.now() - (STALE_GUEST_DAYS + 1) * 86_400_000);
    for (const id of [idle.id, buyer.id, me.id]) {
      await api.database.db.update(user).set({ createdAt: longAgo }).where(eq(user.id, id));
      await api.database.db.update(session).set({ updatedAt: longAgo }).where(eq(session.userId, id));
    }
    expect(await sweepStaleGuests(api.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await guestRow(idle.id)).toBeUndefined();
    expect(await guestRow(recent.id)).toBeDefined();
    expect(await guestRow(buyer.id)).toBeDefined();
    // Accounts are never swept, however old.
    expect(await sweepStaleGuests(api.database.db, later)).toBeGreaterThanOrEqual(1);
    expect(await guestRow(recent.id)).toBeUndefined();
    expect(await guestRow(me.id)).toBeDefined();
  });
});

describe("making guests", () => {
  it("is limited per address like signing up", async () => {
    const limited = await createTestApi({ authRateLimited: true });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const answer = await limited.request("/api/auth/sign-in/anonymous", {
          method: "POST",
          headers: json,
          body: "{}",
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
