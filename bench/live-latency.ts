import { percentile, signUpBenchShopper } from "./api-shoppers.ts";

export type LiveLatency = { changes: number; medianMs: number; p95Ms: number };

/**
 * How long a change takes to reach a second session: the shopper's event stream is open, the
 * cart changes through the API, and the clock runs from the start of the write request until the
 * stream announces it (the server publishes before it answers, so the event often comes first).
 */
export async function measureLiveLatency(baseUrl: string, changes = 30): Promise<LiveLatency> {
  const shopper = await signUpBenchShopper(baseUrl);
  const controller = new AbortController();
  const stream = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie: shopper.cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (!stream.ok || !stream.body) throw new Error(`event stream: ${stream.status}`);
  const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  /** Resolves at the next server-sent event with this name and data. */
  async function nextEvent(name: string, data: string): Promise<void> {
    for (;;) {
      const events = buffered.split("\n\n");
      buffered = events.pop() ?? "";
      const wanted = events.findIndex((event) => {
        const lines = event.split("\n");
        return lines.includes(`event: ${name}`) && lines.includes(`data: ${data}`);
      });
      if (wanted >= 0) {
        buffered = [...events.slice(wanted + 1), buffered].join("\n\n");
        return;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("event stream closed");
      buffered += value;
    }
  }
  try {
    // The stream is subscribed once it says "ready" (src/server/live/events.routes.ts).
    await nextEvent("ready", "");
    const durations: number[] = [];
    for (let n = 0; n < changes; n++) {
      const arrived = nextEvent("change", "cart");
      const started = performance.now();
      const response = await shopper.call("PUT", "/api/cart/1", { cantidad: (n % 2) + 1 });
      if (!response.ok) throw new Error(`cart change: ${response.status}`);
      await arrived;
      durations.push(performance.now() - started);
    }
    return { changes, medianMs: percentile(durations, 50), p95Ms: percentile(durations, 95) };
  } finally {
    controller.abort();
  }
}
