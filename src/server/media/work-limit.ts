/** Thrown by a limit whose queue is full: the caller answers "busy" instead of waiting. */
export class WorkLimitFull extends Error {
  constructor() {
    super("too much work waiting");
    this.name = "WorkLimitFull";
  }
}

export type WorkLimit = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * At most `running` pieces of work at once, and at most `waiting` more queued (first come, first
 * served); beyond that `WorkLimitFull`. Picture processing runs on libvips' threads, off the
 * event loop, but each one takes a core and tens of megabytes: two at a time keep the shop's
 * other answers quick on a two-core machine (decision 055).
 */
export function createWorkLimit(running: number, waiting: number): WorkLimit {
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    active--;
    const next = queue.shift();
    if (next) {
      active++;
      next();
    }
  };
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= running) {
      if (queue.length >= waiting) throw new WorkLimitFull();
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      active++;
    }
    try {
      return await work();
    } finally {
      release();
    }
  };
}
