import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinOpeningStock } from "#catalog/builtin-catalog.ts";
import type { CartView, WishlistView } from "#shared/api/shopper-contract.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { asShopper, signUpShopper } from "../testing/test-users.ts";

let api: TestApi;
let ana: ReturnType<typeof asShopper>;
let bruno: ReturnType<typeof asShopper>;

beforeAll(async () => {
  api = await createTestApi();
  ana = asShopper(api, await signUpShopper(api, "ana@example.com"));
  bruno = asShopper(api, await signUpShopper(api, "bruno@example.com"));
});
afterAll(() => api.close());

const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status).toBe(status);
  return (await response.json()) as T;
};

describe("wish list", () => {
  it("adds once, lists with price and stock, removes", async () => {
    await json(await ana("PUT", "/api/wishlist/1"));
    const twice = await json<WishlistView>(await ana("PUT", "/api/wishlist/1"));
    expect(twice.items.map((item) => item.product.id)).toEqual([1]);
    expect(twice.items[0]?.product.priceCents).toBeGreaterThan(0);
    expect(twice.items[0]?.product.stock).toBeGreaterThan(0);
    const after = await json<WishlistView>(await ana("DELETE", "/api/wishlist/1"));
    expect(after.items).toEqual([]);
  });

  it("answers 404 for a product that does not exist and 400 for a bad id", async () => {
    await json(await ana("PUT", "/api/wishlist/99999"), 404);
    await json(await ana("PUT", "/api/wishlist/abc"), 400);
  });
});

describe("cart", () => {
  it("adds, recomputes the total quantity and subtotal, changes and removes lines", async () => {
    await json(await ana("POST", "/api/cart/1", { cantidad: 2 }));
    const cart = await json<CartView>(await ana("POST", "/api/cart/2", { cantidad: 1 }));
    expect(cart.totalQuantity).toBe(3);
    const expected = cart.lines.reduce((sum, line) => sum + line.product.priceCents * line.cantidad, 0);
    expect(cart.subtotalCents).toBe(expected);

    const changed = await json<CartView>(await ana("PUT", "/api/cart/1", { cantidad: 5 }));
    expect(changed.lines.find((line) => line.product.id === 1)?.cantidad).toBe(5);
    const removed = await json<CartView>(await ana("DELETE", "/api/cart/2"));
    expect(removed.totalQuantity).toBe(5);
  });

  it("never goes past the stock, and keeps exclusive lots to one per order", async () => {
    const over = await ana("PUT", "/api/cart/1", { cantidad: 101 });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ error: { code: "not-enough-stock" } });
    const lot = api.catalog.listProductsByCategory("LotesExclusivos")[0];
    if (!lot) throw new Error("no exclusive lot in the catalogue");
    await json(await ana("POST", `/api/cart/${lot.id}`, { cantidad: 1 }));
    expect((await ana("POST", `/api/cart/${lot.id}`, { cantidad: 1 })).status).toBe(409);
  });

  it("counts every one of many adds sent at once, and never more than the stock", async () => {
    const cookie = await signUpShopper(api, "carla.many.tabs@example.com");
    const carla = asShopper(api, cookie);
    const adds = await Promise.all(
      Array.from({ length: 12 }, () => carla("POST", "/api/cart/4", { cantidad: 2 })),
    );
    const stock = builtinOpeningStock(4);
    const accepted = adds.filter((response) => response.status === 200).length;
    expect(accepted).toBe(Math.min(12, Math.floor(stock / 2)));
    expect(adds.every((response) => response.status === 200 || response.status === 409)).toBe(true);
    const cart = await json<CartView>(await carla("GET", "/api/cart"));
    expect(cart.lines).toEqual([expect.objectContaining({ cantidad: accepted * 2 })]);
  });

  it("answers an empty cart, and the whole cart after each change in the order lines were added", async () => {
    const dani = asShopper(api, await signUpShopper(api, "dani.order@example.com"));
    expect(await json<CartView>(await dani("GET", "/api/cart"))).toEqual({
      lines: [],
      totalQuantity: 0,
      subtotalCents: 0,
    });
    await json(await dani("POST", "/api/cart/7", { cantidad: 1 }));
    await json(await dani("POST", "/api/cart/5", { cantidad: 1 }));
    const refused = await dani("PUT", "/api/cart/7", { cantidad: 999 });
    expect(refused.status).toBe(409);
    const cart = await json<CartView>(await dani("PUT", "/api/cart/7", { cantidad: 3 }));
    expect(cart.lines.map((line) => [line.product.id, line.cantidad])).toEqual([
      [7, 3],
      [5, 1],
    ]);
    const emptied = await json<CartView>(await dani("DELETE", "/api/cart/7"));
    expect(emptied.lines.map((line) => line.product.id)).toEqual([5]);
    expect(await json<CartView>(await dani("DELETE", "/api/cart/5"))).toEqual({
      lines: [],
      totalQuantity: 0,
      subtotalCents: 0,
    });
  });

  it("rejects quantities that are not whole positive numbers", async () => {
    for (const cantidad of [0, -1, 1.5, "2"]) {
      expect((await ana("PUT", "/api/cart/1", { cantidad })).status).toBe(400);
    }
  });
});

describe("personal data", () => {
  it("starts from the account's name and email, and saves phone and birth date", async () => {
    const start = await json<Record<string, string>>(await ana("GET", "/api/personal-data"));
    expect(start).toEqual({
      name: "Test",
      lastName: "Shopper",
      email: "ana@example.com",
      phone: "",
      birthDate: "",
    });
    const saved = await json<Record<string, string>>(
      await ana("PUT", "/api/personal-data", {
        name: "Ana",
        lastName: "García",
        phone: "+34 612 345 678",
        birthDate: "1988-05-17",
      }),
    );
    expect(saved).toMatchObject({
      name: "Ana",
      lastName: "García",
      phone: "+34 612 345 678",
      birthDate: "1988-05-17",
    });
    const me = await json<{ user: { name: string } }>(await ana("GET", "/api/me"));
    expect(me.user.name).toBe("Ana");
  });

  it("refuses a bad phone or date with the field named", async () => {
    const response = await ana("PUT", "/api/personal-data", {
      name: "Ana",
      lastName: "García",
      phone: "123",
      birthDate: "2999-01-01",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toMatchObject({ phone: "phone-invalid", birthDate: "birth-date-invalid" });
  });
});

describe("privacy", () => {
  it("ignores another site's page writing with the shopper's cookie", async () => {
    const cookie = await signUpShopper(api, "carla@example.com");
    const forged = await api.request("/api/wishlist/7", {
      method: "PUT",
      headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(forged.status).toBe(403);
    const carla = await json<WishlistView>(await asShopper(api, cookie)("GET", "/api/wishlist"));
    expect(carla.items).toEqual([]);
  });

  it("keeps each shopper's documents to themselves", async () => {
    await json(await ana("PUT", "/api/wishlist/3"));
    const theirs = await json<WishlistView>(await bruno("GET", "/api/wishlist"));
    expect(theirs.items).toEqual([]);
    const theirCart = await json<CartView>(await bruno("GET", "/api/cart"));
    expect(theirCart.lines).toEqual([]);
    // Bruno removing "Ana's" product only touches Bruno's own list.
    await json(await bruno("DELETE", "/api/wishlist/3"));
    const hers = await json<WishlistView>(await ana("GET", "/api/wishlist"));
    expect(hers.items.map((item) => item.product.id)).toContain(3);
  });

  it.each([
    "/api/me",
    "/api/wishlist",
    "/api/cart",
    "/api/personal-data",
    "/api/addresses",
    "/api/orders",
    "/api/orders/credit-notes",
    "/api/coupons",
  ])("GET %s is never kept by a cache", async (path) => {
    const response = await ana("GET", path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each([
    ["GET", "/api/me"],
    ["GET", "/api/wishlist"],
    ["PUT", "/api/wishlist/1"],
    ["DELETE", "/api/wishlist/1"],
    ["GET", "/api/cart"],
    ["POST", "/api/cart/1"],
    ["PUT", "/api/cart/1"],
    ["DELETE", "/api/cart/1"],
    ["GET", "/api/personal-data"],
    ["PUT", "/api/personal-data"],
  ])("%s %s answers 401 without a session", async (method, path) => {
    const anonymous = asShopper(api, undefined);
    const body =
      method === "POST" || method === "PUT" ? { cantidad: 1, name: "x", lastName: "y" } : undefined;
    const response = await anonymous(method, path, body);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "unauthorized" } });
  });
});
