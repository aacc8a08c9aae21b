/**
 * Node's flags for the shop's process, as `npm start`, `npm run serve`, the Dockerfile and the
 * tests' and benchmarks' shops run it. Workers (`WORKERS`) inherit them through `cluster.fork`.
 * - A young generation of 64 MB semi-spaces (decision 061), so that a catalogue of 100,000 products
 *   (a heap of about a gigabyte) is collected less often under load.
 * - No pretenuring by allocation site (decision 062): reading and indexing the catalogue at the
 *   start keeps nearly everything it allocates, and V8 could then decide to allocate the same
 *   code's later objects, a request's short-lived ones, straight in the old generation.
 */
export const SHOP_NODE_FLAGS: readonly string[] = [
  "--max-semi-space-size=64",
  "--no-allocation-site-pretenuring",
];
