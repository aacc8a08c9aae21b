/**
 * The open streams of each staff member in this process, oldest first: one more than `max`
 * closes the oldest (its `close` is called).
 */
export function createStreamLimit(max: number) {
  const byStaff = new Map<string, (() => void)[]>();
  return {
    /** Registers a stream; returns its release, to call when it ends. */
    add(staffId: string, close: () => void): () => void {
      const open = byStaff.get(staffId) ?? [];
      open.push(close);
      byStaff.set(staffId, open);
      for (const oldest of open.splice(0, Math.max(0, open.length - max))) oldest();
      return () => {
        const current = byStaff.get(staffId);
        const index = current?.indexOf(close) ?? -1;
        if (current === undefined || index === -1) return;
        current.splice(index, 1);
        if (current.length === 0) byStaff.delete(staffId);
      };
    },
  };
}
