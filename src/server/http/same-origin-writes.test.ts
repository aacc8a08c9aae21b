import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { sameOriginWrites } from "./same-origin-writes.ts";

const ORIGIN = "https://tienda.example";

function app() {
  return new Hono()
    .use(sameOriginWrites(ORIGIN))
    .post("/cart", (c) => c.json({ added: true }))
    .get("/cart", (c) => c.json({ lines: [] }));
}

const post = (headers: Record<string, string>) =>
  app().request("/cart", { method: "POST", headers, body: "cantidad=1" });

describe("sameOriginWrites", () => {
  it("refuses a form posted from another site with the shopper's cookie, as a JSON 403", async () => {
    const response = await post({
      cookie: "session=abc",
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: "cross-site-request", message: "Cross-site writes are not accepted" },
    });
  });

  it("refuses a sibling subdomain and a body-less write that names no origin", async () => {
    const sibling = await post({
      cookie: "session=abc",
      "sec-fetch-site": "same-site",
      origin: "https://x.tienda.example",
    });
    expect(sibling.status).toBe(403);
    const bare = await app().request("/cart", { method: "DELETE", headers: { cookie: "session=abc" } });
    // No route for DELETE, but the check comes first.
    expect(bare.status).toBe(403);
  });

  it("lets the shop's own pages write, by origin or by Sec-Fetch-Site", async () => {
    expect((await post({ cookie: "session=abc", origin: ORIGIN })).status).toBe(200);
    expect((await post({ cookie: "session=abc", "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  it("lets reads and cookie-less callers (the operator's command line, webhooks) through", async () => {
    expect(
      (await app().request("/cart", { headers: { cookie: "session=abc", origin: "https://evil.example" } }))
        .status,
    ).toBe(200);
    expect((await post({ origin: "https://evil.example" })).status).toBe(200);
  });
});
