/** `GET /api/operator/stats`: how the process is doing, for the operator and the benchmark. */
export type OperatorStats = {
  /** Visitors' pages kept rendered and compressed (decision 018); null when the cache is off. */
  pageCache: {
    pages: number;
    bytes: number;
    maxBytes: number;
    hits: number;
    renders: number;
    spliced: number;
    /** Brotli forms made in the background after a page's first answer (decision 056). */
    compressed: number;
    /** Those not kept: the page was dropped or drawn again meanwhile. */
    compressionsDropped: number;
  } | null;
  /** Signed-in shoppers' own parts of those pages (decision 020); null when the cache is off. */
  shopperCache: { shoppers: number; builds: number } | null;
  memory: { rssBytes: number; heapUsedBytes: number };
};
