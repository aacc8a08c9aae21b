import { describe, expect, it } from "vitest";
import { announcer } from "./change-hub.ts";

describe("announcer", () => {
  it("sends what one turn of the event loop asks for once, in order and without repeats", async () => {
    const sent: string[][] = [];
    const announce = announcer(async (payloads) => {
      sent.push(payloads);
    });
    const first = announce(["a", "b"]);
    const second = announce(["b", "c"]);
    expect(sent).toEqual([]);
    await Promise.all([first, second]);
    expect(sent).toEqual([["a", "b", "c"]]);
    await announce(["a"]);
    expect(sent).toEqual([["a", "b", "c"], ["a"]]);
  });

  it("settles a caller's promise only once its batch has gone", async () => {
    let release: () => void = () => undefined;
    const announce = announcer(() => new Promise<void>((resolve) => (release = resolve)));
    let settled = false;
    const done = announce(["a"]).then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await done;
    expect(settled).toBe(true);
  });
});
