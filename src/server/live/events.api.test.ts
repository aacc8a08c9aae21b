import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { asShopper, signUpShopper } from "../testing/test-users.ts";
import { MAX_STREAMS_PER_USER } from "./events.routes.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** Reads server-sent events from a streaming response until one matches, or fails after a while. */
async function nextEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  name: string,
  buffer = { text: "" },
) {
  const decoder = new TextDecoder();
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const match = buffer.text.match(new RegExp(`event: ${name}\\ndata: ([^\\n]*)\\n\\n`));
    if (match) {
      buffer.text = buffer.text.slice((match.index ?? 0) + match[0].length);
      return match[1];
    }
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended");
    buffer.text += decoder.decode(value, { stream: true });
  }
  throw new Error(`no ${name} event`);
}

describe("live updates", () => {
  it("tells a shopper's open stream when their cart or wish list changes, and only theirs", async () => {
    const anaCookie = await signUpShopper(api, "ana.live@example.com");
    const brunoCookie = await signUpShopper(api, "bruno.live@example.com");
    const anaStream = await api.request("/api/events", { headers: { cookie: anaCookie } });
    const brunoStream = await api.request("/api/events", { headers: { cookie: brunoCookie } });
    expect(anaStream.headers.get("content-type")).toContain("text/event-stream");
    const anaReader = anaStream.body?.getReader();
    const brunoReader = brunoStream.body?.getReader();
    if (!anaReader || !brunoReader) throw new Error("no stream body");
    const anaBuffer = { text: "" };
    const brunoBuffer = { text: "" };
    await nextEvent(anaReader, "ready", anaBuffer);
    await nextEvent(brunoReader, "ready", brunoBuffer);

    await asShopper(api, brunoCookie)("PUT", "/api/wishlist/4");
    await asShopper(api, anaCookie)("POST", "/api/cart/1", { cantidad: 1 });
    expect(await nextEvent(anaReader, "change", anaBuffer)).toBe("cart");
    expect(await nextEvent(brunoReader, "change", brunoBuffer)).toBe("wishlist");
    // Ana's stream saw her cart change only, never Bruno's wish list.
    expect(anaBuffer.text).not.toContain("wishlist");
    // Taking things out is announced too (each write statement sends its own NOTIFY).
    await asShopper(api, brunoCookie)("DELETE", "/api/wishlist/4");
    expect(await nextEvent(brunoReader, "change", brunoBuffer)).toBe("wishlist");
    await asShopper(api, anaCookie)("DELETE", "/api/cart/1");
    expect(await nextEvent(anaReader, "change", anaBuffer)).toBe("cart");

    await anaReader.cancel();
    await brunoReader.cancel();
  });

  it("closes a shopper's oldest stream beyond the limit, telling it why, and leaves the others alone", async () => {
    const cookie = await signUpShopper(api, "carla.live@example.com");
    const otherCookie = await signUpShopper(api, "dario.live@example.com");
    const open = async (streamCookie: string) => {
      const response = await api.request("/api/events", { headers: { cookie: streamCookie } });
      const reader = response.body?.getReader();
      if (!reader) throw new Error("no stream body");
      const buffer = { text: "" };
      await nextEvent(reader, "ready", buffer);
      return { reader, buffer };
    };
    const other = await open(otherCookie);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await open(cookie));
    const newest = await open(cookie);

    const [oldest, ...kept] = streams;
    if (!oldest) throw new Error("no streams");
    await nextEvent(oldest.reader, "superseded", oldest.buffer);
    expect((await oldest.reader.read()).done).toBe(true);
    // The rest, the newest and another shopper's stream still hear a change.
    await asShopper(api, cookie)("POST", "/api/cart/1", { cantidad: 1 });
    await asShopper(api, otherCookie)("PUT", "/api/wishlist/2");
    for (const stream of [...kept, newest]) {
      expect(await nextEvent(stream.reader, "change", stream.buffer)).toBe("cart");
    }
    expect(await nextEvent(other.reader, "change", other.buffer)).toBe("wishlist");
    for (const stream of [...kept, newest, other]) await stream.reader.cancel();
  });

  it("lets a browser's new leader replace its earlier stream, never another device's, and refuses a late one from a tab that let go", async () => {
    const cookie = await signUpShopper(api, "elena.live@example.com");
    const open = async (query: string) => {
      const response = await api.request(`/api/events${query}`, { headers: { cookie } });
      const reader = response.body?.getReader();
      if (!reader) throw new Error("no stream body");
      return { reader, buffer: { text: "" } };
    };
    const phone = await open("?browser=phone-0123456789&lead=7");
    await nextEvent(phone.reader, "ready", phone.buffer);
    // A laptop's tabs hand their stream on faster than the server hears the old ones close.
    const handedOn = [];
    for (let lead = 1; lead <= MAX_STREAMS_PER_USER + 1; lead++) {
      const stream = await open(`?browser=laptop-0123456789&lead=${lead}`);
      await nextEvent(stream.reader, "ready", stream.buffer);
      handedOn.push(stream);
    }
    const latest = handedOn.pop();
    if (!latest) throw new Error("no streams");
    for (const stream of handedOn) {
      await nextEvent(stream.reader, "superseded", stream.buffer);
      expect((await stream.reader.read()).done).toBe(true);
    }
    // The request of a tab that led before the latest arrives last: it is turned away at once.
    const late = await open(`?browser=laptop-0123456789&lead=${MAX_STREAMS_PER_USER}`);
    await nextEvent(late.reader, "superseded", late.buffer);
    expect(late.buffer.text).not.toContain("ready");
    expect((await late.reader.read()).done).toBe(true);

    await asShopper(api, cookie)("POST", "/api/cart/2", { cantidad: 1 });
    expect(await nextEvent(phone.reader, "change", phone.buffer)).toBe("cart");
    expect(await nextEvent(latest.reader, "change", latest.buffer)).toBe("cart");
    await phone.reader.cancel();
    await latest.reader.cancel();
  });

  it("refuses a malformed browser name or lead count with a JSON 400", async () => {
    const cookie = await signUpShopper(api, "fabio.live@example.com");
    for (const query of ["browser=%0Aevil", "browser=laptop-0123456789&lead=-1", "lead=1e400"]) {
      const response = await api.request(`/api/events?${query}`, { headers: { cookie } });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid-request" } });
    }
  });

  it("answers 401 without a session", async () => {
    expect((await api.request("/api/events")).status).toBe(401);
  });
});
