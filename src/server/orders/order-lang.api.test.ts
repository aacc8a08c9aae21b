import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "#shared/api/order-contract.ts";
import { mailOutbox } from "../db/schema.ts";
import { lisbonAddress, orderRequest } from "../testing/order-fixtures.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { body, payOrder, placeAndPay, quote, shopperWithCart } from "../testing/test-orders.ts";
import { loadOrder } from "./order-views.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** The text of an order's "paid" mail, as queued. */
async function paidMailText(orderId: string): Promise<string> {
  const [mail] = await api.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.key, `order:${orderId}:pagado`));
  return mail?.text ?? "";
}

describe("the language of an order placed without one (issue 33)", () => {
  it("is its shipping country's: a Portuguese order gets a Portuguese, tagged invoice", async () => {
    const { shopper, addressId } = await shopperWithCart(
      api,
      "sem-lingua@example.com",
      { 9: 1 },
      lisbonAddress,
    );
    const paid = await placeAndPay(shopper, addressId);
    expect((await loadOrder(api.database.db, paid.id))?.lang).toBe("pt");
    const response = await shopper("GET", `/api/orders/${paid.id}/documents/invoice`);
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer()).toString("latin1");
    expect(pdf).toContain("/Lang (pt-PT)");
    expect(pdf).toContain("/StructTreeRoot");
    // The mail's link opens the order in Portuguese, even in a browser that never chose it.
    const link = new URL((await paidMailText(paid.id)).match(/http\S+\/pedido\/\S+/)?.[0] ?? "http://x/");
    expect(link.searchParams.get("lang")).toBe("pt");
    expect(link.searchParams.get("clave")).toMatch(/^\d+\./);
  });

  it("is still the one the shopper's page sent, wherever the order goes", async () => {
    const { shopper, addressId } = await shopperWithCart(
      api,
      "com-lingua@example.com",
      { 9: 1 },
      lisbonAddress,
    );
    const { totals } = await quote(shopper, addressId);
    const placed = await body<OrderView>(
      await shopper("POST", "/api/orders?lang=es", orderRequest(addressId, totals.totalCents)),
      201,
    );
    await payOrder(shopper, placed.id);
    expect((await loadOrder(api.database.db, placed.id))?.lang).toBe("es");
    const response = await shopper("GET", `/api/orders/${placed.id}/documents/invoice`);
    expect(Buffer.from(await response.arrayBuffer()).toString("latin1")).toContain("/Lang (es-ES)");
    expect(await paidMailText(placed.id)).toMatch(/\/pedido\/\S+&lang=es\b/);
  });
});
