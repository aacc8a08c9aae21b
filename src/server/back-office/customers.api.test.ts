import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AddressesView } from "#shared/api/address-contract.ts";
import {
  type CustomerList,
  customerDataExportSchema,
  customerDetailSchema,
  customerErasedSchema,
  customerListSchema,
} from "#shared/api/back-office-customer-contract.ts";
import { auditOf } from "../audit/staff-audit.ts";
import { invoice, newsletterSubscriptions, session, shopOrder, user } from "../db/schema.ts";
import { inviteFromCli, type StaffBrowser, staffBrowser, staffMemberFrom } from "../staff/staff-testing.ts";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { body, madridAddress, placeAndPay } from "../testing/test-orders.ts";
import { asShopper, SHOPPER_PASSWORD, signUpProvenShopper, signUpShopper } from "../testing/test-users.ts";

let api: TestApi;
let owner: StaffBrowser;
let staff: StaffBrowser;
/** Álvaro: a proven address, a paid order, a confirmed newsletter, a phone. */
let alvaro: { id: string; cookie: string; orderNumber: string };
/** Maria: no order, an address not proven. */
let maria: { id: string; cookie: string };

const errorBody = z.object({
  error: z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional() }),
});
const meSchema = z.object({ user: z.object({ id: z.string() }) });

async function named(cookie: string, name: string, lastName: string, phone: string) {
  const shopper = asShopper(api, cookie);
  await body(
    await shopper("PUT", "/api/personal-data", { name, lastName, phone, birthDate: "1990-04-12" }),
    200,
  );
  return meSchema.parse(await body(await shopper("GET", "/api/me"), 200)).user.id;
}

async function subscribed(email: string, confirmed: boolean) {
  const now = new Date();
  await api.database.db
    .insert(newsletterSubscriptions)
    .values({ email, locale: "es", consentedAt: now, confirmedAt: confirmed ? now : null });
}

beforeAll(async () => {
  api = await createTestApi();
  owner = (
    await staffMemberFrom(api, await inviteFromCli(api, "duena@example.com", "owner"), {
      name: "Dueña",
      password: "tortuga-lunar-azul-42",
    })
  ).browser;
  staff = (
    await staffMemberFrom(api, await inviteFromCli(api, "bea@example.com", "staff"), {
      name: "Bea",
      password: "cometa-verde-rojo-17",
    })
  ).browser;

  const alvaroCookie = await signUpProvenShopper(api, "alvaro.nunez@example.com");
  const alvaroId = await named(alvaroCookie, "Álvaro", "Núñez Pérez", "+34 699 111 222");
  const shopper = asShopper(api, alvaroCookie);
  const { items } = await body<AddressesView>(await shopper("POST", "/api/addresses", madridAddress), 201);
  await body(await shopper("POST", "/api/cart/1", { cantidad: 1 }), 200);
  const order = await placeAndPay(shopper, items[0]?.id ?? "");
  await body(await shopper("POST", "/api/cart/2", { cantidad: 1 }), 200);
  await subscribed("alvaro.nunez@example.com", true);
  alvaro = { id: alvaroId, cookie: alvaroCookie, orderNumber: order.number };

  const mariaCookie = await signUpShopper(api, "maria.silva@exemplo.pt");
  maria = { id: await named(mariaCookie, "Maria", "Silva", "+351 912 345 678"), cookie: mariaCookie };
  await subscribed("maria.silva@exemplo.pt", false);

  // A guest with nothing bought (decision 032): never a customer of the list.
  await api.database.db
    .insert(user)
    .values({ id: "guest-1", name: "", email: "guest-1@guest.invalid", isAnonymous: true });
});
afterAll(() => api.close());

const list = async (browser: StaffBrowser, query = ""): Promise<CustomerList> =>
  customerListSchema.parse(await body(await browser.get(`/api/gestion/customers${query}`), 200));
const emails = async (query: string) => (await list(staff, query)).items.map((row) => row.email);

describe("the back office's customer list", () => {
  it("lists accounts, not guests, newest first, with their orders and newsletter", async () => {
    const answer = await list(staff);
    expect(answer).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(answer.items.map((row) => row.email)).toEqual([
      "maria.silva@exemplo.pt",
      "alvaro.nunez@example.com",
    ]);
    expect(answer.items[1]).toMatchObject({
      id: alvaro.id,
      name: "Álvaro",
      lastName: "Núñez Pérez",
      orders: 1,
      newsletter: true,
    });
    // Asked, never confirmed: no newsletter goes to Maria.
    expect(answer.items[0]).toMatchObject({ orders: 0, newsletter: false });
  });

  it("finds a customer by the start of their e-mail, name, last name or phone, case and accents aside", async () => {
    expect(await emails("?q=ALVARO.N")).toEqual(["alvaro.nunez@example.com"]);
    expect(await emails("?q=alvaro")).toEqual(["alvaro.nunez@example.com"]);
    expect(await emails(`?q=${encodeURIComponent("álvaro núñez")}`)).toEqual(["alvaro.nunez@example.com"]);
    expect(await emails("?q=NUNEZ")).toEqual(["alvaro.nunez@example.com"]);
    expect(await emails(`?q=${encodeURIComponent("+34 699 11")}`)).toEqual(["alvaro.nunez@example.com"]);
    // The phone of an address counts too (Madrid's 612…), and Portugal's prefix goes.
    expect(await emails("?q=612345")).toEqual(["alvaro.nunez@example.com"]);
    expect(await emails("?q=912345")).toEqual(["maria.silva@exemplo.pt"]);
    expect(await emails("?q=silva")).toEqual(["maria.silva@exemplo.pt"]);
    // A start, not a part; and a wildcard typed is a character.
    expect(await emails("?q=nez")).toEqual([]);
    expect(await emails("?q=%25")).toEqual([]);
    expect(await emails("?q=guest")).toEqual([]);
  });

  it("pages through many, each customer once", async () => {
    const rows = Array.from({ length: 27 }, (_, index) => ({
      id: `paging-${index}`,
      name: "Pablo",
      lastName: `Prieto ${index}`,
      email: `paging-${String(index).padStart(2, "0")}@example.com`,
      createdAt: new Date(Date.UTC(2024, 0, 1, index)),
    }));
    await api.database.db.insert(user).values(rows);
    const first = await list(staff, "?q=paging-");
    const second = await list(staff, "?q=paging-&page=2");
    expect(first.total).toBe(27);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]?.email).toBe("paging-26@example.com");
    expect(second.items.map((row) => row.email)).toEqual(["paging-01@example.com", "paging-00@example.com"]);
    expect((await list(staff, "?q=paging-&pageSize=50")).items).toHaveLength(27);
  });

  it("answers bad input with a JSON 400, and an unknown customer with a JSON 404", async () => {
    for (const query of ["?pageSize=7", "?page=0", "?page=x", `?q=${"a".repeat(101)}`, "?q=%00"]) {
      const answer = await staff.get(`/api/gestion/customers${query}`);
      expect(answer.status, query).toBe(400);
      expect(errorBody.parse(await answer.json()).error.code).toBe("invalid-request");
    }
    const bad = await staff.get("/api/gestion/customers/no%20such");
    expect(bad.status).toBe(400);
    const unknown = await staff.get("/api/gestion/customers/nobody");
    expect(unknown.status).toBe(404);
    expect(errorBody.parse(await unknown.json()).error.code).toBe("customer-not-found");
    expect((await staff.get("/api/gestion/customers/guest-1")).status).toBe(404);
    expect((await staff.get("/api/gestion/customers/nobody/export")).status).toBe(404);
  });
});

describe("a customer's page and the export of their data", () => {
  it("shows the profile, addresses, orders and newsletter", async () => {
    const detail = customerDetailSchema.parse(
      await body(await staff.get(`/api/gestion/customers/${alvaro.id}`), 200),
    );
    expect(detail.profile).toMatchObject({
      id: alvaro.id,
      name: "Álvaro",
      email: "alvaro.nunez@example.com",
      emailVerified: true,
      phone: "+34 699 111 222",
      signInMethods: ["credential"],
    });
    expect(detail.addresses).toEqual([{ ...madridAddress, isDefault: true }]);
    expect(detail.orders).toEqual([
      expect.objectContaining({ number: alvaro.orderNumber, status: "pagado" }),
    ]);
    expect(detail.newsletter.state).toBe("confirmed");
    const mariaDetail = customerDetailSchema.parse(
      await body(await staff.get(`/api/gestion/customers/${maria.id}`), 200),
    );
    expect(mariaDetail).toMatchObject({ orders: [], addresses: [], newsletter: { state: "pending" } });
  });

  it("downloads everything kept about them as a JSON attachment, and audits who did", async () => {
    const asked = await api.request("/api/back-in-stock", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify({ email: "Alvaro.Nunez@example.com", productId: 5, consent: true, locale: "es" }),
    });
    expect(asked.status).toBe(200);
    const answer = await staff.get(`/api/gestion/customers/${alvaro.id}/export`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="cliente-${alvaro.id}.json"`,
    );
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const text = await answer.text();
    const document = customerDataExportSchema.parse(JSON.parse(text));
    expect(document.account).toMatchObject({
      email: "alvaro.nunez@example.com",
      signInMethods: ["credential"],
    });
    expect(document.personalData).toEqual({ phone: "+34 699 111 222", birthDate: "1990-04-12" });
    expect(document.addresses).toHaveLength(1);
    expect(document.cart).toEqual([expect.objectContaining({ productId: 2, quantity: 1 })]);
    const [order] = document.orders;
    expect(order).toMatchObject({ number: alvaro.orderNumber, buyer: { email: "alvaro.nunez@example.com" } });
    expect(order?.lines).toEqual([expect.objectContaining({ quantity: 1 })]);
    expect(order?.invoices.map((document) => document.kind)).toEqual(["invoice"]);
    expect(document.newsletter.state).toBe("confirmed");
    expect(document.backInStock).toEqual([expect.objectContaining({ productId: 5, notifiedAt: null })]);
    expect(document.reviews).toEqual([]);
    // The shop's locks are not the person's data: no password hash, no session token.
    expect(text).not.toMatch(/password|token|\$2[aby]\$|scrypt/i);
    const [entry] = await auditOf(api.database.db, "customer", alvaro.id);
    expect(entry).toMatchObject({ actor: "bea@example.com", action: "customer.export" });
    const detail = customerDetailSchema.parse(
      await body(await staff.get(`/api/gestion/customers/${alvaro.id}`), 200),
    );
    expect(detail.history.map((line) => line.action)).toEqual(["customer.export"]);
  });
});

describe("erasing a customer", () => {
  const erase = (browser: StaffBrowser, id: string, confirmEmail: unknown) =>
    browser.post(`/api/gestion/customers/${id}/erase`, { confirmEmail });

  it("is the owner's alone, with the e-mail typed again; bad input is a 400", async () => {
    const refused = await erase(staff, alvaro.id, "alvaro.nunez@example.com");
    expect(refused.status).toBe(403);
    expect(errorBody.parse(await refused.json()).error.code).toBe("forbidden");
    const mistyped = await erase(owner, alvaro.id, "alvaro@example.com");
    expect(mistyped.status).toBe(400);
    expect(errorBody.parse(await mistyped.json()).error.fields).toEqual({
      confirmEmail: "confirmation-mismatch",
    });
    for (const bad of [undefined, 42, ""]) expect((await erase(owner, alvaro.id, bad)).status).toBe(400);
    const extra = await owner.post(`/api/gestion/customers/${alvaro.id}/erase`, {
      confirmEmail: "x",
      also: 1,
    });
    expect(extra.status).toBe(400);
    expect((await erase(owner, "nobody", "nobody@example.com")).status).toBe(404);
    // Nothing went: the account is there, and no erasure was recorded.
    expect((await staff.get(`/api/gestion/customers/${alvaro.id}`)).status).toBe(200);
    expect((await auditOf(api.database.db, "customer", alvaro.id)).map((entry) => entry.action)).toEqual([
      "customer.export",
    ]);
  });

  it("ends their sessions, removes the account, keeps the orders and invoices, and audits an outline", async () => {
    const db = api.database.db;
    const erased = customerErasedSchema.parse(
      await body(await erase(owner, alvaro.id, " Alvaro.Nunez@example.com "), 200),
    );
    expect(erased.outline).toEqual({
      sessions: 1,
      signInMethods: ["credential"],
      addresses: 1,
      cartLines: 1,
      wishlistItems: 0,
      personalData: true,
      newsletter: true,
      ordersKept: 1,
    });
    expect(await db.select().from(user).where(eq(user.id, alvaro.id))).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, alvaro.id))).toEqual([]);
    await expect
      .poll(async () => (await api.request("/api/me", { headers: { cookie: alvaro.cookie } })).status)
      .toBe(401);
    const signIn = await api.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify({ email: "alvaro.nunez@example.com", password: SHOPPER_PASSWORD }),
    });
    expect(signIn.status).toBe(401);
    expect(
      await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, "alvaro.nunez@example.com")),
    ).toEqual([]);
    // What the invoice needs stays: the order, its buyer and address as sold, its invoice; no owner.
    const [order] = await db.select().from(shopOrder).where(eq(shopOrder.number, alvaro.orderNumber));
    expect(order).toMatchObject({ userId: null, buyer: { email: "alvaro.nunez@example.com" } });
    expect(
      await db
        .select()
        .from(invoice)
        .where(eq(invoice.orderId, order?.id ?? "")),
    ).toHaveLength(1);

    const entries = await auditOf(db, "customer", alvaro.id);
    const entry = entries.find((line) => line.action === "customer.erase");
    expect(entry).toMatchObject({ actor: "duena@example.com", before: erased.outline });
    // Nothing of the person in it; its ids are random (a staff id once held "6996"), so they are left out.
    const { id: _id, staffId: _staffId, subjectId: _subjectId, ...said } = entry ?? {};
    expect(JSON.stringify(said)).not.toMatch(/alvaro|Álvaro|Núñez|699|Alcal|612/i);
    expect((await staff.get(`/api/gestion/customers/${alvaro.id}`)).status).toBe(404);
    expect((await erase(owner, alvaro.id, "alvaro.nunez@example.com")).status).toBe(404);
    expect(await emails("?q=alvaro")).toEqual([]);
  });

  it("keeps an unproven address's newsletter, which may be someone else's", async () => {
    const erased = customerErasedSchema.parse(
      await body(await erase(owner, maria.id, "maria.silva@exemplo.pt"), 200),
    );
    expect(erased.outline).toMatchObject({ newsletter: false, personalData: true, ordersKept: 0 });
    const kept = await api.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "maria.silva@exemplo.pt"));
    expect(kept).toHaveLength(1);
  });

  it("follows the rules of the shopper's own deletion, which goes the same way", async () => {
    const cookie = await signUpProvenShopper(api, "leaves.alone@example.com");
    await subscribed("leaves.alone@example.com", true);
    const shopper = asShopper(api, cookie);
    const deleted = await shopper("POST", "/api/auth/delete-user", { password: SHOPPER_PASSWORD });
    expect(deleted.status).toBe(200);
    const left = await api.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "leaves.alone@example.com"));
    expect(left).toEqual([]);
    expect((await shopper("GET", "/api/me")).status).toBe(401);
  });
});

describe("who may reach the customers", () => {
  it("answers a shopper's session 401 and a staff session without its second factor 403", async () => {
    const shopperCookie = await signUpShopper(api, "curious@example.com");
    const asShopperInBackOffice = staffBrowser(api, shopperCookie);
    const early = staffBrowser(api);
    const token = await inviteFromCli(api, "early.owner@example.com", "owner");
    await early.post(`/api/gestion/invitations/${token}/accept`, {
      name: "Early",
      password: "tortuga-lunar-azul-42",
    });
    const paths = [
      "/api/gestion/customers",
      `/api/gestion/customers/${maria.id}`,
      `/api/gestion/customers/${maria.id}/export`,
    ];
    for (const path of paths) {
      expect((await asShopperInBackOffice.get(path)).status, path).toBe(401);
      const answer = await early.get(path);
      expect(answer.status, path).toBe(403);
      expect(errorBody.parse(await answer.json()).error.code).toBe("second-factor-required");
    }
    expect(
      (await asShopperInBackOffice.post("/api/gestion/customers/x/erase", { confirmEmail: "x" })).status,
    ).toBe(401);
    expect((await early.post("/api/gestion/customers/x/erase", { confirmEmail: "x" })).status).toBe(403);
  });
});
