import { dehydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { productIdsIn } from "./page-products.ts";

const card = (id: number, stock: number) => ({ id, codigo: `A${id}`, texto: "x", priceCents: 100, stock });

describe("productIdsIn", () => {
  it("finds every product card and detail in a page's data, nested or not, once each", () => {
    const client = new QueryClient();
    client.setQueryData(["home", "es"], {
      featured: [card(3, 1), card(1, 0)],
      giftsByAge: [{ age: "0-3", products: [card(7, 2), card(3, 1)] }],
    });
    client.setQueryData(["product", 9, "es"], { ...card(9, 4), related: [card(2, 5)] });
    expect(productIdsIn(dehydrate(client))).toEqual([1, 2, 3, 7, 9]);
  });

  it("ignores objects that are not products (no stock) and pages without any", () => {
    const client = new QueryClient();
    client.setQueryData(["info", "envios"], { id: 4, title: "Envíos", sections: [{ id: 1 }] });
    expect(productIdsIn(dehydrate(client))).toEqual([]);
  });
});
