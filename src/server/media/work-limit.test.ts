import { describe, expect, it } from "vitest";
import { createWorkLimit, WorkLimitFull } from "./work-limit.ts";

/** Work that ends when the test says so. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe("createWorkLimit", () => {
  it("runs two at once, queues the next in order, and refuses beyond the queue", async () => {
    const limit = createWorkLimit(2, 2);
    const gates = Array.from({ length: 4 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      limit(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    await expect(limit(async () => "late")).rejects.toBeInstanceOf(WorkLimitFull);
    gates[1]?.open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(await limit(async () => "again")).toBe("again");
  });

  it("frees its place when the work fails", async () => {
    const limit = createWorkLimit(1, 0);
    await expect(limit(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limit(async () => "next")).toBe("next");
  });
});
