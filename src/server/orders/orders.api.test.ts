import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  CreditNoteSummary,
  OrderSummary,
  OrderView,
  PurchasedProduct,
  QuoteView,
} from "#shared/api/order-contract.ts";
import { formatPrice } from "#shared/money.ts";
import { coupon, mailOutbox, productStock, shopOrder } from "../db/schema.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { body, orderRequest, payOrder, placeAndPay, quote, shopperWithCart } from "../testing/test-orders.ts";
import { asShopper, signUpShopper } from "../testing/test-users.ts";
import { orderPlacedMail } from "./order-mails.ts";
import { loadOrder } from "./order-views.ts";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const year = new Date().getUTCFullYear();

describe("placing an order", () => {
  it("prices on the server, stores the order awaiting payment, takes the stock and empties the cart; paid, it is numbered and invoiced", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "buyer@example.com", { 1: 2, 36: 1 });
    const priced = await quote(shopper, addressId);
    expect(priced.totals.lines.map((line) => line.vatClass)).toEqual(["general", "reduced"]);
    expect(priced.totals.vat.map((line) => line.ratePercent)).toEqual([21, 4]);
    const [before] = await api.database.db.select().from(productStock).where(eq(productStock.productId, 1));

    const pending = await body<OrderView>(
      await shopper("POST", "/api/orders", orderRequest(addressId, priced.totals.totalCents)),
      201,
    );
    expect(pending).toMatchObject({
      number: null,
      status: "pendiente-pago",
      payment: { status: "pending", method: null },
      invoices: [],
      history: [{ status: "pendiente-pago" }],
    });
    expect(await payOrder(shopper, pending.id)).toMatchObject({ status: "succeeded", redirectUrl: null });
    const placed = await body<OrderView>(await shopper("GET", `/api/orders/${pending.id}`), 200);
    expect(placed).toMatchObject({
      number: `${year}-000001`,
      status: "pagado",
      totals: { totalCents: priced.totals.totalCents, vat: priced.totals.vat },
      address: { city: "Madrid", postalCode: "28013" },
      buyer: { email: "buyer@example.com" },
      payBy: null,
      payment: { method: "card", cardLast4: "4242", status: "captured" },
      invoices: [{ kind: "invoice", number: `F${year}-000001` }],
      history: [{ status: "pendiente-pago" }, { status: "pagado" }],
    });
    expect(placed.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [1, 2],
      [36, 1],
    ]);
    const [after] = await api.database.db.select().from(productStock).where(eq(productStock.productId, 1));
    expect(after?.available).toBe((before?.available ?? 0) - 2);
    expect(await body<{ lines: unknown[] }>(await shopper("GET", "/api/cart"), 200)).toMatchObject({
      lines: [],
    });

    const list = await body<{ items: OrderSummary[] }>(await shopper("GET", "/api/orders"), 200);
    expect(list.items.map((item) => item.id)).toEqual([placed.id]);

    // Numbered last in its transaction, the order's mail still carries its numbers.
    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order:${placed.id}:pagado`));
    expect(mail?.subject).toContain(placed.number);
    expect(mail?.html).not.toContain("unnumbered");
    // Made from the rows as they were written, it is the mail the stored order makes.
    const stored = await loadOrder(api.database.db, placed.id);
    if (!stored) throw new Error("order not stored");
    // Its link is the order's signed page (decision 032).
    const link = mail?.text.match(/http\S+\/pedido\/\S+/)?.[0] ?? "";
    expect(link.startsWith(`${TEST_ORIGIN}/pedido/${placed.id}?clave=`)).toBe(true);
    const expected = orderPlacedMail(stored.view, stored.lang, link);
    expect(mail).toMatchObject({ subject: expected.subject, text: expected.text, html: expected.html });
  });

  it("places one order for one checkout, however often it is sent", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "twice@example.com", { 2: 1 });
    const { totals } = await quote(shopper, addressId);
    const request = orderRequest(addressId, totals.totalCents);
    const answers = await Promise.all([1, 2, 3].map(() => shopper("POST", "/api/orders", request)));
    const orders = await Promise.all(answers.map((answer) => answer.json() as Promise<OrderView>));
    expect(new Set(orders.map((placed) => placed.id)).size, JSON.stringify(orders)).toBe(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    const again = await shopper("POST", "/api/orders", request);
    expect(again.status).toBe(200);
  });

  it("stops when the total the shopper saw is not the server's", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "changed@example.com", { 3: 1 });
    const { totals } = await quote(shopper, addressId);
    const refused = await body<{ error: { code: string }; quote: QuoteView }>(
      await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents - 100)),
      409,
    );
    expect(refused.error.code).toBe("total-changed");
    expect(refused.quote.totals.totalCents).toBe(totals.totalCents);
  });

  it("refuses a card number sent to the shop: the order request has no place for one", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "badcard@example.com", { 5: 1 });
    const { totals } = await quote(shopper, addressId);
    const card = { holder: "Ana", number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
    const refused = await shopper("POST", "/api/orders", {
      ...orderRequest(addressId, totals.totalCents),
      card,
    });
    expect(await body(refused, 400)).toMatchObject({ error: { code: "card-number-refused" } });
    // Whatever else it holds, a field the order does not have is refused too.
    const extra = await shopper("POST", "/api/orders", {
      ...orderRequest(addressId, totals.totalCents),
      card: { holder: "Ana", last4: "4242" },
    });
    expect(await body(extra, 400)).toMatchObject({ error: { code: "invalid-request" } });
    expect(await body<{ lines: unknown[] }>(await shopper("GET", "/api/cart"), 200)).toMatchObject({
      lines: [{ cantidad: 1 }],
    });
  });

  it("answers 409 for an empty cart and 404 for someone else's address", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "empty@example.com", {});
    const empty = await shopper("POST", "/api/orders/quote", { addressId, shippingMethod: "standard" });
    expect(await body(empty, 409)).toMatchObject({ error: { code: "cart-empty" } });
    const other = await shopperWithCart(api, "other@example.com", { 1: 1 });
    const theirs = await other.shopper("POST", "/api/orders/quote", {
      addressId,
      shippingMethod: "standard",
    });
    expect(await body(theirs, 404)).toMatchObject({ error: { code: "address-not-found" } });
  });
});

describe("coupons at checkout", () => {
  it("takes the discount off on the server and refuses a coupon that does not apply", async () => {
    await api.database.db.insert(coupon).values([
      { code: "MIAU10", kind: "percent", value: 10 },
      { code: "GRANDE", kind: "fixed", value: 500, minSubtotalCents: 100000 },
    ]);
    const { shopper, addressId } = await shopperWithCart(api, "coupon@example.com", { 6: 2 });
    const plain = await quote(shopper, addressId);
    const discounted = await quote(shopper, addressId, " miau10 ");
    expect(discounted.coupon).toEqual({ code: "MIAU10" });
    expect(discounted.totals.discountCents).toBe(Math.round(plain.totals.subtotalCents / 10));
    const tooSmall = await quote(shopper, addressId, "GRANDE");
    expect(tooSmall.coupon).toEqual({ code: "GRANDE", refusal: "coupon-min-subtotal" });
    const unknown = await quote(shopper, addressId, "NOEXISTE");
    expect(unknown.coupon).toEqual({ code: "NOEXISTE", refusal: "coupon-not-found" });

    const refused = await shopper(
      "POST",
      "/api/orders",
      orderRequest(addressId, tooSmall.totals.totalCents, {
        couponCode: "GRANDE",
      }),
    );
    expect(await body(refused, 422)).toMatchObject({ error: { code: "coupon-refused" } });
    const placed = await body<OrderView>(
      await shopper(
        "POST",
        "/api/orders",
        orderRequest(addressId, discounted.totals.totalCents, { couponCode: "miau10" }),
      ),
      201,
    );
    expect(placed).toMatchObject({
      couponCode: "MIAU10",
      totals: { discountCents: discounted.totals.discountCents },
    });
  });
});

describe("stock under pressure", () => {
  it("sells exactly the 20 units in stock to 50 simultaneous buyers", async () => {
    const productId = 7;
    await api.database.db
      .update(productStock)
      .set({ available: 20 })
      .where(eq(productStock.productId, productId));
    const buyers = [];
    for (let n = 0; n < 50; n++)
      buyers.push(await shopperWithCart(api, `rush${n}@example.com`, { [productId]: 1 }));
    const requests = await Promise.all(
      buyers.map(async ({ shopper, addressId }) => {
        const { totals } = await quote(shopper, addressId);
        return orderRequest(addressId, totals.totalCents);
      }),
    );
    const answers = await Promise.all(
      buyers.map(({ shopper }, n) => shopper("POST", "/api/orders", requests[n])),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(await answer.json()).toMatchObject({ error: { code: "out-of-stock" } });
    }
    const [stock] = await api.database.db
      .select()
      .from(productStock)
      .where(eq(productStock.productId, productId));
    expect(stock?.available).toBe(0);
    // Awaiting payment, none of them has taken a number yet (decision 034).
    const pending = await api.database.db
      .select()
      .from(shopOrder)
      .where(eq(shopOrder.status, "pendiente-pago"));
    expect(pending.filter((row) => row.number !== null)).toEqual([]);
  }, 180_000);
});

describe("invoices", () => {
  it("prints the invoice of a paid order as a PDF with the seller, buyer, VAT and total", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "invoice@example.com", { 9: 1, 37: 2 });
    const placed = await placeAndPay(shopper, addressId, {
      invoice: { name: "Ana", lastName: "García", company: "Juguetes Pino S.L.", taxId: "A58818501" },
    });
    const response = await shopper("GET", `/api/orders/${placed.id}/documents/invoice`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const invoiceNumber = placed.invoices[0]?.number ?? "";
    expect(response.headers.get("content-disposition")).toContain(`${invoiceNumber}.pdf`);
    const { extractText } = await import("unpdf");
    const extracted = await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true });
    const text = extracted.text.replace(/\s/g, " ");
    expect(text).toContain(invoiceNumber);
    expect(text).toContain("Faro Azul Licencias");
    expect(text).toContain("Juguetes Pino S.L.");
    expect(text).toContain("A58818501");
    expect(text).toContain("Cuota de IVA 21 %");
    expect(text).toContain("Cuota de IVA 4 %");
    expect(text).toContain(`Total ${formatPrice(placed.totals.totalCents, "es").replace(/\s/g, " ")}`);
    // Paid with the built-in test cards: the invoice says nothing was charged.
    expect(text).toContain("TIENDA EN MODO DE PRUEBAS: no se ha cobrado nada");

    expect((await shopper("GET", `/api/orders/${placed.id}/documents/credit-note`)).status).toBe(404);
    const stranger = asShopper(api, await signUpShopper(api, "invoice-stranger@example.com"));
    expect((await stranger("GET", `/api/orders/${placed.id}/documents/invoice`)).status).toBe(404);
  });
});

describe("cancelling", () => {
  it("refunds, puts the stock back and issues a credit note naming the invoice; only once", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "cancel@example.com", { 10: 3 });
    const { totals } = await quote(shopper, addressId);
    const stockOf = async () =>
      (await api.database.db.select().from(productStock).where(eq(productStock.productId, 10)))[0]?.available;
    const before = await stockOf();
    const placed = await placeAndPay(shopper, addressId);
    expect(placed.totals.totalCents).toBe(totals.totalCents);
    expect(await stockOf()).toBe((before ?? 0) - 3);

    const [first, second] = await Promise.all([
      shopper("POST", `/api/orders/${placed.id}/cancel`),
      shopper("POST", `/api/orders/${placed.id}/cancel`),
    ]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    const cancelled = await body<OrderView>(await shopper("GET", `/api/orders/${placed.id}`), 200);
    expect(cancelled.status).toBe("cancelado");
    expect(cancelled.payment?.status).toBe("refunded");
    expect(cancelled.history.map((event) => event.status)).toEqual(["pendiente-pago", "pagado", "cancelado"]);
    expect(cancelled.invoices.map((document) => document.kind)).toEqual(["invoice", "credit-note"]);
    expect(await stockOf()).toBe(before);

    const notes = await body<{ items: CreditNoteSummary[] }>(
      await shopper("GET", "/api/orders/credit-notes"),
      200,
    );
    expect(notes.items).toHaveLength(1);
    expect(notes.items[0]).toMatchObject({ orderId: placed.id, totalCents: placed.totals.totalCents });
    expect(notes.items[0]?.number).toMatch(/^A\d{4}-\d{6}$/);

    const pdf = await shopper("GET", `/api/orders/${placed.id}/documents/credit-note`);
    const { extractText } = await import("unpdf");
    const { text } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true });
    expect(text).toContain("Factura rectificativa");
    expect(text).toContain(`Rectifica la factura: ${placed.invoices[0]?.number}`);
    expect(text.replace(/\s/g, " ")).toContain(
      `Total -${formatPrice(placed.totals.totalCents, "es").replace(/\s/g, " ")}`,
    );

    // A late retry changes nothing: still one credit note.
    expect((await shopper("POST", `/api/orders/${placed.id}/cancel`)).status).toBe(200);
    const after = await body<{ items: CreditNoteSummary[] }>(
      await shopper("GET", "/api/orders/credit-notes"),
      200,
    );
    expect(after.items).toHaveLength(1);
  });

  it("refuses to cancel a shipped order, and someone else's", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "shipped@example.com", { 11: 1 });
    const { totals } = await quote(shopper, addressId);
    const placed = await body<OrderView>(
      await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)),
      201,
    );
    const stranger = asShopper(api, await signUpShopper(api, "cancel-stranger@example.com"));
    expect((await stranger("POST", `/api/orders/${placed.id}/cancel`)).status).toBe(404);
    await api.database.db.update(shopOrder).set({ status: "enviado" }).where(eq(shopOrder.id, placed.id));
    const refused = await shopper("POST", `/api/orders/${placed.id}/cancel`);
    expect(await body(refused, 409)).toMatchObject({ error: { code: "not-cancellable" } });
  });
});

describe("products bought", () => {
  it("lists each product bought once, latest first, leaving out cancelled orders", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "regular@example.com", { 12: 1, 13: 1 });
    await placeAndPay(shopper, addressId);
    await body(await shopper("POST", "/api/cart/12", { cantidad: 2 }), 200);
    await body(await shopper("POST", "/api/cart/15", { cantidad: 1 }), 200);
    const placed = await placeAndPay(shopper, addressId);
    const bought = await body<{ items: PurchasedProduct[] }>(
      await shopper("GET", "/api/orders/purchased-products?lang=pt"),
      200,
    );
    expect(bought.items.map((item) => item.product.id)).toEqual([12, 15, 13]);
    expect(bought.items[0]?.product.texto).toBe(api.catalog.getProduct(12)?.pt.texto);

    await body(await shopper("POST", `/api/orders/${placed.id}/cancel`), 200);
    const after = await body<{ items: PurchasedProduct[] }>(
      await shopper("GET", "/api/orders/purchased-products"),
      200,
    );
    expect(after.items.map((item) => item.product.id).sort()).toEqual([12, 13]);
  });
});

describe("order privacy", () => {
  it("shows an order to its buyer only", async () => {
    const { shopper, addressId } = await shopperWithCart(api, "owner@example.com", { 8: 1 });
    const { totals } = await quote(shopper, addressId);
    const placed = await body<OrderView>(
      await shopper("POST", "/api/orders", orderRequest(addressId, totals.totalCents)),
      201,
    );
    const stranger = asShopper(api, await signUpShopper(api, "stranger@example.com"));
    await body(await stranger(`GET`, `/api/orders/${placed.id}`), 404);
    expect(await body(await stranger("GET", "/api/orders"), 200)).toEqual({ items: [] });
    await body(await shopper("GET", "/api/orders/not-a-uuid"), 400);
    const anonymous = asShopper(api, undefined);
    for (const [method, path] of [
      ["GET", "/api/orders"],
      ["GET", `/api/orders/${placed.id}`],
      ["POST", "/api/orders"],
      ["POST", "/api/orders/quote"],
    ] as const) {
      expect((await anonymous(method, path, method === "POST" ? {} : undefined)).status).toBe(401);
    }
  });
});
