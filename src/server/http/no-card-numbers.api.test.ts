import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, TEST_ORIGIN, type TestApi } from "../testing/test-app.ts";
import { signUpShopper } from "../testing/test-users.ts";

let api: TestApi;
let cookie: string;
beforeAll(async () => {
  api = await createTestApi();
  cookie = await signUpShopper(api, "no-cards@example.com");
});
afterAll(() => api.close());

/** A route's pattern with its parameters filled, as a request would name it. */
const pathOf = (pattern: string) => pattern.replace(/:(\w+)/g, "x1").replace("*", "x");

describe("no card number reaches a route (issue 27)", () => {
  it("refuses, on every route that takes a body, a card number in JSON or in a posted form", async () => {
    const writes = api.routes.filter(({ method }) => !["ALL", "GET", "HEAD"].includes(method));
    expect(writes.length).toBeGreaterThan(20);
    const bodies = [
      {
        type: "application/json",
        text: JSON.stringify({ card: { number: "4242 4242 4242 4242", cvc: "123" } }),
      },
      { type: "application/json", text: JSON.stringify({ note: "mi tarjeta es 4000-0027-6000-3184" }) },
      { type: "application/x-www-form-urlencoded", text: "cardnumber=5555555555554444&exp=12%2F30" },
    ];
    for (const { method, path } of writes) {
      for (const { type, text } of bodies) {
        const answer = await api.request(pathOf(path), {
          method,
          headers: { origin: TEST_ORIGIN, "content-type": type, cookie },
          body: text,
        });
        expect(answer.status, `${method} ${path} ${type}`).toBe(400);
        expect(await answer.json(), `${method} ${path}`).toMatchObject({
          error: { code: "card-number-refused" },
        });
      }
    }
  });

  it("lets the same bodies through without the card number", async () => {
    const answer = await api.request("/api/newsletter", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ email: "no-cards-news@example.com", consent: true, locale: "es" }),
    });
    expect(answer.status).toBeLessThan(300);
  });
});
