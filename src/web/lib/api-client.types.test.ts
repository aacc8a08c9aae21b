import { describe, expect, it } from "vitest";
import { answerOf, jsonBody, type ShopClient, shopClient } from "./api-client.ts";

/** A client whose calls are only written down: method and address. */
function recordingClient(): { api: ShopClient; sent: string[] } {
  const sent: string[] = [];
  const api = shopClient(async (input, init) => {
    const type = new Headers(init?.headers).get("content-type");
    sent.push([init?.method, input, type, init?.body].filter(Boolean).join(" "));
    return Response.json({});
  });
  return { api, sent };
}

/**
 * The web calls the API through property chains typed by the server's routes (decision 039), so
 * `npm run check` (tsc) is what proves a call right: each `@ts-expect-error` below is a mistake
 * the type check must catch, and fails the check the day it no longer does.
 */
describe("the typed API client", () => {
  it("sends the address, method and body its route declares", async () => {
    const { api, sent } = recordingClient();
    await api.cart[":id"].$put({ param: { id: "7" }, query: { lang: "pt" }, json: { cantidad: 2 } });
    await api.orders[":id"].cancel.$post({ param: { id: "a1" } });
    await api.categories[":name"].$get({
      param: { name: encodeURIComponent("Robots gato") },
      query: { lang: "es", sort: "newest", page: "2" },
    });
    await api.social.complete.$post(undefined, jsonBody({ name: "Ana", lastName: "Gil", acceptTerms: true }));
    await api.me.$get();
    expect(sent).toEqual([
      'PUT /api/cart/7?lang=pt application/json {"cantidad":2}',
      "POST /api/orders/a1/cancel",
      "GET /api/categories/Robots%20gato?lang=es&sort=newest&page=2",
      'POST /api/social/complete application/json {"name":"Ana","lastName":"Gil","acceptTerms":true}',
      "GET /api/me",
    ]);
  });

  it("does not compile a wrong path, method, input or answer field", () => {
    const { api } = recordingClient();
    const mistakes = async () => {
      // @ts-expect-error: no route is /api/carts
      await api.carts.$get();
      // @ts-expect-error: a cart line is not PATCHed
      await api.cart[":id"].$patch({ param: { id: "1" }, query: {} });
      // @ts-expect-error: a quantity is a number
      await api.cart[":id"].$put({ param: { id: "1" }, query: {}, json: { cantidad: "2" } });
      // @ts-expect-error: the order's id is a parameter of its path
      await api.orders[":id"].$get();
      const cart = await answerOf(api.cart.$get({ query: {} }));
      // @ts-expect-error: the cart's answer has no such field
      return cart.total;
    };
    expect(mistakes).toBeTypeOf("function");
  });
});
