import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { announceListening, superviseWorkers, type WorkerProcess } from "./workers.ts";

/** A worker process that listens, crashes and obeys signals when the test says so. */
class FakeWorker extends EventEmitter implements WorkerProcess {
  readonly signals: NodeJS.Signals[] = [];
  readonly process: WorkerProcess["process"];
  constructor(pid: number, obeysSigterm = true) {
    super();
    this.process = {
      pid,
      kill: (signal) => {
        this.signals.push(signal);
        if (signal === "SIGKILL" || obeysSigterm) queueMicrotask(() => this.end(0, null));
        return true;
      },
    };
  }
  listen() {
    announceListening((message) => this.emit("message", message));
  }
  end(code: number | null, signal: NodeJS.Signals | null) {
    this.emit("exit", code, signal);
  }
}

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** The supervisor with fake workers, a clock the test moves and waits it records. */
async function supervised(count: number, { obeysSigterm = true } = {}) {
  const workers: FakeWorker[] = [];
  const waits: number[] = [];
  let clock = 0;
  const supervisor = superviseWorkers({
    count,
    fork: () => {
      const worker = new FakeWorker(100 + workers.length, obeysSigterm);
      workers.push(worker);
      return worker;
    },
    logger: silent,
    wait: async (ms) => void waits.push(ms),
    now: () => clock,
    stopTimeoutMs: 5,
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  await tick(); // the first worker is forked
  return { supervisor, workers, waits, advance };
}

describe("superviseWorkers", () => {
  it("starts the workers one after the other, each once the last listens", async () => {
    const { supervisor, workers } = await supervised(3);
    let started = false;
    void supervisor.started.then(() => {
      started = true;
    });
    await tick();
    expect(workers).toHaveLength(1);
    workers[0]?.emit("message", { something: "else" });
    await tick();
    expect(workers).toHaveLength(1);
    workers[0]?.listen();
    await tick();
    expect(workers).toHaveLength(2);
    workers[1]?.listen();
    await tick();
    expect(started).toBe(false);
    workers[2]?.listen();
    await tick();
    expect(started).toBe(true);
    expect(workers).toHaveLength(3);
  });

  it("gives up and stops the others when a worker ends before it listens", async () => {
    const { supervisor, workers } = await supervised(2);
    workers[0]?.listen();
    await tick();
    workers[1]?.end(1, null);
    await expect(supervisor.started).rejects.toThrow(/ended before listening \(code 1/);
    expect(workers[0]?.signals).toEqual(["SIGTERM"]);
    expect(workers).toHaveLength(2);
  });

  it("replaces a worker that dies, waiting longer while replacements keep dying", async () => {
    const { supervisor, workers, waits, advance } = await supervised(2);
    workers[0]?.listen();
    await tick();
    workers[1]?.listen();
    await supervisor.started;
    advance(60_000);
    workers[0]?.end(null, "SIGKILL");
    await tick();
    expect(waits).toEqual([500]);
    expect(workers).toHaveLength(3);
    workers[2]?.listen();
    await tick();
    // The replacement dies a second later: a crash loop, so the next wait doubles.
    advance(1_000);
    workers[2]?.end(1, null);
    await tick();
    expect(waits).toEqual([500, 1_000]);
    // A replacement that cannot even start is tried again, later still.
    workers[3]?.end(1, null);
    await tick();
    expect(waits).toEqual([500, 1_000, 2_000]);
    workers[4]?.listen();
    await tick();
    // Once a worker has run steadily, a crash waits the shortest time again.
    advance(60_000);
    workers[4]?.end(null, "SIGSEGV");
    await tick();
    expect(waits).toEqual([500, 1_000, 2_000, 500]);
    expect(workers).toHaveLength(6);
  });

  it("replaces a worker that dies while another starts only once that one listens", async () => {
    const { supervisor, workers, waits, advance } = await supervised(2);
    workers[0]?.listen();
    await tick();
    expect(workers).toHaveLength(2);
    advance(60_000);
    workers[0]?.end(null, "SIGKILL");
    await tick();
    expect(waits).toEqual([500]);
    // The replacement waits its turn: two workers never run the start-up at once.
    expect(workers).toHaveLength(2);
    workers[1]?.listen();
    await supervisor.started;
    await tick();
    expect(workers).toHaveLength(3);
    workers[2]?.listen();
    await tick();
    await supervisor.stop();
    expect(workers.map((worker) => worker.signals)).toEqual([[], ["SIGTERM"], ["SIGTERM"]]);
  });

  it("starts no worker once stopping, even one waiting its turn", async () => {
    const { supervisor, workers } = await supervised(3);
    workers[0]?.listen();
    await tick();
    const stopped = supervisor.stop();
    await expect(supervisor.started).rejects.toThrow();
    await stopped;
    await tick();
    expect(workers).toHaveLength(2);
  });

  it("stops every worker on stop, killing one that does not end, and replaces none", async () => {
    const { supervisor, workers } = await supervised(2, { obeysSigterm: false });
    workers[0]?.listen();
    await tick();
    workers[1]?.listen();
    await supervisor.started;
    await supervisor.stop();
    expect(workers.map((worker) => worker.signals)).toEqual([
      ["SIGTERM", "SIGKILL"],
      ["SIGTERM", "SIGKILL"],
    ]);
    await tick();
    expect(workers).toHaveLength(2);
  });
});
