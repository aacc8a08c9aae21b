import { percentile, signUpBenchShopper } from "./api-shoppers.ts";

export type LiveLatency = { changes: number; medianMs: number; p95Ms: number };

/**
 * How long a change takes to reach a second session: the shopper's event stream is open, the
 * cart changes through the API, and the clock stops when the stream announces it.
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
  /** Resolves at the next "change" event for the cart. */
  async function nextCartChange(): Promise<void> {
    for (;;) {
      const events = buffered.split("\n\n");
      buffered = events.pop() ?? "";
      if (events.some((event) => /^event: change$/m.test(event) && /^data: cart$/m.test(event))) return;
      const { value, done } = await reader.read();
      if (done) throw new Error("event stream closed");
      buffered += value;
    }
  }
  try {
    // Wait for the stream to be ready, then drop whatever arrived so far.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const durations: number[] = [];
    for (let n = 0; n < changes; n++) {
      buffered = "";
      const arrived = nextCartChange();
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
