import { Hono } from "hono";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { createOriginPolicy } from "./origin-policy.ts";
import { sameOriginWrites } from "./same-origin-writes.ts";

const logger = createLogger({ LOG_LEVEL: "silent" });
const fixed = createOriginPolicy({ publicUrl: "https://tienda.example", port: 3000 });
const anyAddress = createOriginPolicy({ port: 3000 });

function app(policy = fixed) {
  return new Hono()
    .use(sameOriginWrites(policy, logger))
    .post("/cart", (c) => c.json({ added: true }))
    .get("/cart", (c) => c.json({ lines: [] }));
}

const post = (
  headers: Record<string, string>,
  { policy = fixed, url = "https://tienda.example/cart" } = {},
) => app(policy).request(url, { method: "POST", headers, body: "cantidad=1" });

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

  it("refuses a sibling subdomain, a JSON write from another site, and a body-less write naming no origin", async () => {
    const sibling = await post({
      cookie: "session=abc",
      "sec-fetch-site": "same-site",
      origin: "https://x.tienda.example",
    });
    expect(sibling.status).toBe(403);
    const json = await post({ "content-type": "application/json", origin: "https://evil.example" });
    expect(json.status).toBe(403);
    const bare = await app().request("/cart", { method: "DELETE", headers: { cookie: "session=abc" } });
    // No route for DELETE, but the check comes first.
    expect(bare.status).toBe(403);
  });

  it("lets the shop's own pages write, by origin or by Sec-Fetch-Site", async () => {
    expect((await post({ cookie: "session=abc", origin: "https://tienda.example" })).status).toBe(200);
    expect((await post({ cookie: "session=abc", "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  it('judges a write naming no origin (or "null") by Sec-Fetch-Site, with or without cookies', async () => {
    const form = { "content-type": "application/x-www-form-urlencoded", origin: "null" };
    expect((await post({ ...form, "sec-fetch-site": "same-origin" })).status).toBe(200);
    // Signing a shopper into someone else's account needs no cookie: refused all the same.
    expect((await post({ ...form, "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post({ cookie: "session=abc", "content-type": "application/json" })).status).toBe(403);
  });

  it("judges a write naming neither Origin nor Sec-Fetch-Site (Safari before 16.4) by its Referer", async () => {
    const foreign = await post({ referer: "https://evil.example/form" });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("cross-site-request");
    expect((await post({ referer: "not a url" })).status).toBe(403);
    expect((await post({ origin: "null", referer: "https://evil.example/" })).status).toBe(403);
    expect((await post({ cookie: "session=abc", referer: "https://tienda.example/login" })).status).toBe(200);
    // Sec-Fetch-Site, when the browser sends it, is what counts.
    const sent = { referer: "https://tienda.example/login", "sec-fetch-site": "cross-site" };
    expect((await post(sent)).status).toBe(403);
    // The shop's own page opened at another address than PUBLIC_URL is told so.
    const elsewhere = await post(
      { cookie: "session=abc", referer: "http://192.168.1.20:3000/login" },
      { url: "http://192.168.1.20:3000/cart" },
    );
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe("wrong-origin");
  });

  it("lets reads and cookie-less callers naming no origin (the operator's command line, webhooks) through", async () => {
    expect(
      (await app().request("/cart", { headers: { cookie: "session=abc", origin: "https://evil.example" } }))
        .status,
    ).toBe(200);
    expect((await post({})).status).toBe(200);
  });

  it("without PUBLIC_URL, accepts a write from whatever address reached the shop, and only from it", async () => {
    for (const url of [
      "http://127.0.0.1:3000/cart",
      "http://192.168.1.20:3000/cart",
      "http://tienda.lan/cart",
    ]) {
      const own = new URL(url).origin;
      const response = await post({ cookie: "session=abc", origin: own }, { policy: anyAddress, url });
      expect(response.status, own).toBe(200);
    }
    const forged = await post(
      { cookie: "session=abc", origin: "http://evil.example" },
      { policy: anyAddress, url: "http://127.0.0.1:3000/cart" },
    );
    expect(forged.status).toBe(403);
  });

  it("with PUBLIC_URL, tells the shop's own page opened elsewhere why it is refused, and logs what to change", async () => {
    const lines: string[] = [];
    const recording = pino({ level: "warn" }, { write: (line: string) => void lines.push(line) });
    const response = await new Hono()
      .use(sameOriginWrites(fixed, recording))
      .post("/cart", (c) => c.json({ added: true }))
      .request("http://192.168.1.20:3000/cart", {
        method: "POST",
        headers: { cookie: "session=abc", origin: "http://192.168.1.20:3000" },
      });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("wrong-origin");
    expect(lines.join("")).toMatch(/http:\/\/192\.168\.1\.20:3000.*PUBLIC_URL \(https:\/\/tienda\.example\)/);
  });
});

describe("origin policy", () => {
  const hosts = new Set(["localhost", "127.0.0.1", "192.168.1.20", "tienda-pc"]);
  const policy = createOriginPolicy({ port: 3000, localHosts: hosts });
  const at = (url: string) => new Request(url);

  it("links mail to the address used when it is this machine's, never to a forged Host", () => {
    expect(policy.linkOrigin(at("http://192.168.1.20:3000/api/auth/x"))).toBe("http://192.168.1.20:3000");
    expect(policy.linkOrigin(at("http://tienda-pc:3000/api/auth/x"))).toBe("http://tienda-pc:3000");
    expect(policy.linkOrigin(at("http://evil.example/api/auth/x"))).toBe("http://localhost:3000");
    expect(policy.linkOrigin()).toBe("http://localhost:3000");
  });

  it("with PUBLIC_URL, trusts and links that origin only", () => {
    const request = at("http://192.168.1.20:3000/api/cart");
    expect(fixed.trustedOrigins(request)).toEqual(["https://tienda.example"]);
    expect(fixed.linkOrigin(request)).toBe("https://tienda.example");
  });
});
