import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { bodyLimit } from "./body-limit.ts";

const app = new Hono()
  .use(bodyLimit({ maxSize: 16, onError: (c) => c.json({ error: "too-large" }, 413) }))
  .post("/", async (c) => c.json({ got: await c.req.json<unknown>() }))
  .get("/", (c) => c.text("ok"));

/** A body sent in chunks, with no length announced. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 4) controller.enqueue(bytes.slice(at, at + 4));
      controller.close();
    },
  });
}

describe("bodyLimit", () => {
  it("lets a declared body within the limit through, readable", async () => {
    const body = JSON.stringify({ a: 1 });
    const response = await app.request("/", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "content-length": String(body.length) },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ got: { a: 1 } });
  });

  it("refuses a declared body over the limit from its headers", async () => {
    const body = JSON.stringify({ text: "x".repeat(20) });
    const response = await app.request("/", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "content-length": String(body.length) },
    });
    expect(response.status).toBe(413);
  });

  it("counts a chunked body: refused past the limit, read whole within it", async () => {
    const init = (text: string): RequestInit =>
      ({
        method: "POST",
        body: chunked(text),
        duplex: "half",
        headers: { "content-type": "application/json" },
      }) as RequestInit;
    expect((await app.request("/", init(JSON.stringify({ text: "x".repeat(20) })))).status).toBe(413);
    const small = await app.request("/", init(JSON.stringify({ b: 2 })));
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ got: { b: 2 } });
  });

  it("lets requests without a body through", async () => {
    expect((await app.request("/")).status).toBe(200);
  });
});
