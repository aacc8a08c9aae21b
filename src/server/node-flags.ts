/**
 * Node's flags for the shop's process, as `npm start`, `npm run serve`, the Dockerfile and the
 * tests' and benchmarks' shops run it (decision 061): a young generation of 64 MB semi-spaces, so
 * that a catalogue of 100,000 products (a heap of about a gigabyte) is collected less often under
 * load. Workers (`WORKERS`) inherit them through `cluster.fork`.
 */
export const SHOP_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=64"];
