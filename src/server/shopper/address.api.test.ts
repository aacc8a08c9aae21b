import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_LIMIT, type AddressesView, type AddressForm } from "#shared/api/address-contract.ts";
import { address } from "../db/schema.ts";
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

const home: AddressForm = {
  name: "Ana",
  lastName: "García López",
  street: "Calle de Alcalá 12",
  floorDoor: "3º B",
  postalCode: "28013",
  city: "Madrid",
  country: "ES",
  region: "28",
  phone: "612 345 678",
};
const grandma: AddressForm = {
  ...home,
  name: "Maria",
  lastName: "Silva",
  street: "Rua Augusta 100",
  floorDoor: "",
  postalCode: "1100-053",
  city: "Lisboa",
  country: "PT",
  region: "11",
  phone: "+351 212 345 678",
};

describe("addresses", () => {
  it("starts empty, makes the first address the default and lists the default first", async () => {
    expect((await json<AddressesView>(await ana("GET", "/api/addresses"))).items).toEqual([]);
    const first = await json<AddressesView>(await ana("POST", "/api/addresses", home), 201);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ ...home, isDefault: true });

    const second = await json<AddressesView>(await ana("POST", "/api/addresses", grandma), 201);
    expect(second.items.map((item) => [item.city, item.isDefault])).toEqual([
      ["Madrid", true],
      ["Lisboa", false],
    ]);
  });

  it("moves the default and keeps exactly one", async () => {
    const { items } = await json<AddressesView>(await ana("GET", "/api/addresses"));
    const lisbon = items.find((item) => item.city === "Lisboa");
    if (!lisbon) throw new Error("Lisbon address missing");
    const after = await json<AddressesView>(await ana("PUT", `/api/addresses/${lisbon.id}/default`));
    expect(after.items.map((item) => [item.city, item.isDefault])).toEqual([
      ["Lisboa", true],
      ["Madrid", false],
    ]);
    const added = await json<AddressesView>(
      await ana("POST", "/api/addresses?default=true", { ...home, city: "Alcalá de Henares" }),
      201,
    );
    expect(added.items.filter((item) => item.isDefault).map((item) => item.city)).toEqual([
      "Alcalá de Henares",
    ]);
  });

  it("edits an address and refuses an invalid one with the field's reason", async () => {
    const { items } = await json<AddressesView>(await ana("GET", "/api/addresses"));
    const madrid = items.find((item) => item.city === "Madrid");
    if (!madrid) throw new Error("Madrid address missing");
    const edited = await json<AddressesView>(
      await ana("PUT", `/api/addresses/${madrid.id}`, { ...home, floorDoor: "4º A" }),
    );
    expect(edited.items.find((item) => item.id === madrid.id)?.floorDoor).toBe("4º A");

    const refused = await ana("PUT", `/api/addresses/${madrid.id}`, {
      ...home,
      postalCode: "08001",
      phone: "123",
    });
    const body = await json<{ error: { fields: Record<string, string> } }>(refused, 400);
    expect(body.error.fields).toEqual({ postalCode: "postal-code-region", phone: "phone-invalid" });
    const unchanged = await json<AddressesView>(await ana("GET", "/api/addresses"));
    expect(unchanged.items.find((item) => item.id === madrid.id)?.postalCode).toBe("28013");
  });

  it("hands the default to the oldest remaining address when the default is deleted", async () => {
    const { items } = await json<AddressesView>(await ana("GET", "/api/addresses"));
    const current = items.find((item) => item.isDefault);
    if (!current) throw new Error("no default");
    const after = await json<AddressesView>(await ana("DELETE", `/api/addresses/${current.id}`));
    expect(after.items).toHaveLength(items.length - 1);
    expect(after.items[0]).toMatchObject({ city: "Madrid", isDefault: true });
  });

  it("answers 400 for a malformed id or body and 404 for an unknown id", async () => {
    await json(await ana("DELETE", "/api/addresses/not-a-uuid"), 400);
    await json(await ana("POST", "/api/addresses", { street: 12 }), 400);
    await json(await ana("POST", "/api/addresses?default=maybe", home), 400);
    await json(await ana("DELETE", "/api/addresses/00000000-0000-4000-8000-000000000000"), 404);
  });

  it(`keeps at most ${ADDRESS_LIMIT} addresses per shopper`, async () => {
    const carla = asShopper(api, await signUpShopper(api, "carla@example.com"));
    for (let n = 0; n < ADDRESS_LIMIT; n++) await json(await carla("POST", "/api/addresses", home), 201);
    const over = await carla("POST", "/api/addresses", home);
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ error: { code: "address-limit" } });
  });

  it("keeps one default when two devices choose at the same time", async () => {
    const dora = asShopper(api, await signUpShopper(api, "dora@example.com"));
    for (let n = 0; n < 4; n++) await json(await dora("POST", "/api/addresses", home), 201);
    const { items } = await json<AddressesView>(await dora("GET", "/api/addresses"));
    const answers = await Promise.all(items.map((item) => dora("PUT", `/api/addresses/${item.id}/default`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const after = await json<AddressesView>(await dora("GET", "/api/addresses"));
    expect(after.items.filter((item) => item.isDefault)).toHaveLength(1);
  });
});

describe("address privacy", () => {
  it("never shows, edits, deletes or chooses another shopper's address", async () => {
    const { items } = await json<AddressesView>(await ana("GET", "/api/addresses"));
    const hers = items[0];
    if (!hers) throw new Error("Ana has no address");
    expect((await json<AddressesView>(await bruno("GET", "/api/addresses"))).items).toEqual([]);
    await json(await bruno("PUT", `/api/addresses/${hers.id}`, grandma), 404);
    await json(await bruno("PUT", `/api/addresses/${hers.id}/default`), 404);
    await json(await bruno("DELETE", `/api/addresses/${hers.id}`), 404);
    const still = await json<AddressesView>(await ana("GET", "/api/addresses"));
    expect(still.items).toEqual(items);
  });

  it.each([
    ["GET", "/api/addresses"],
    ["POST", "/api/addresses"],
    ["PUT", "/api/addresses/00000000-0000-4000-8000-000000000000"],
    ["PUT", "/api/addresses/00000000-0000-4000-8000-000000000000/default"],
    ["DELETE", "/api/addresses/00000000-0000-4000-8000-000000000000"],
  ])("%s %s answers 401 without a session", async (method, path) => {
    const response = await asShopper(api, undefined)(method, path, method === "GET" ? undefined : home);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "unauthorized" } });
  });

  it("goes with the account when the shopper deletes it", async () => {
    const eva = asShopper(api, await signUpShopper(api, "eva@example.com"));
    await json(await eva("POST", "/api/addresses", home), 201);
    const me = await json<{ user: { id: string } }>(await eva("GET", "/api/me"));
    await json(await eva("POST", "/api/auth/delete-user", { password: "gato-robot-azul-7" }));
    const leftovers = await api.database.db.select().from(address).where(eq(address.userId, me.user.id));
    expect(leftovers).toEqual([]);
  });
});
