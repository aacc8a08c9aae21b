import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { type Answered, frontDoor } from "./front-door.ts";
import { createShopMetrics, metricsRoutes, parseMetricsAccess } from "./metrics.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ whole: true });
});
afterAll(() => api.close());

const TOKEN = "m".repeat(40);

function metricsApp() {
  const metrics = createShopMetrics({ database: api.database, hub: api.hub }, { worker: "1" });
  const access = parseMetricsAccess("127.0.0.1, 10.0.0.0/8", TOKEN);
  if (typeof access === "string") throw new Error(access);
  return { metrics, app: new Hono().route("/metrics", metricsRoutes(metrics, access)) };
}

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

describe("/metrics (issue 31)", () => {
  it("answers the allowed addresses in Prometheus' format, with the shop's figures", async () => {
    const { metrics, app } = metricsApp();
    metrics.observe("GET", "/api/home", 200, 0.012);
    metrics.observe("GET", "/api/home", 503, 0.2);
    const answer = await app.fetch(new Request("http://shop/metrics"), from("10.1.2.3"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    const text = await answer.text();
    expect(text).toContain(
      'shop_http_request_duration_seconds_count{worker="1",method="GET",route="/api/home",status="2xx"} 1',
    );
    expect(text).toContain('status="5xx"');
    for (const name of ["shop_mail_outbox_depth", "shop_mail_outbox_oldest_seconds", "shop_event_streams"])
      expect(text).toMatch(new RegExp(`^${name}\\{worker="1"\\} \\d`, "m"));
    expect(text).toContain("process_resident_memory_bytes");
  });

  it("is refused to strangers, unless they bring the token", async () => {
    const { app } = metricsApp();
    const stranger = await app.fetch(new Request("http://shop/metrics"), from("203.0.113.9"));
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ error: { code: "forbidden" } });
    const wrong = new Request("http://shop/metrics", { headers: { authorization: "Bearer nope" } });
    expect((await app.fetch(wrong, from("203.0.113.9"))).status).toBe(403);
    const right = new Request("http://shop/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect((await app.fetch(right, from("203.0.113.9"))).status).toBe(200);
  });

  it("is told of each request by the route that answered it", async () => {
    const answered: Answered[] = [];
    const server: Server = createServer(
      frontDoor({ fastPaths: [], app: { fetch: api.fetch }, onAnswered: (one) => answered.push(one) }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/api/products/1?lang=es`)).status).toBeLessThan(500);
      await expect.poll(() => answered.length).toBe(1);
      expect(answered[0]).toMatchObject({ method: "GET", route: "/api/products/:id" });
      expect(answered[0]?.seconds).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
