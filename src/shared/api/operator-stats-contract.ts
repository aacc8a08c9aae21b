/** `GET /api/operator/stats`: how the process is doing, for the operator and the benchmark. */
export type OperatorStats = {
  /** Visitors' pages kept rendered and compressed (decision 018); null when the cache is off. */
  pageCache: {
    pages: number;
    bytes: number;
    maxBytes: number;
    hits: number;
    renders: number;
  } | null;
  memory: { rssBytes: number; heapUsedBytes: number };
};
