import { defineConfig } from "vitest/config";

/** End-to-end tests: the built shop in a real Chromium (run `npm run build` first). */
export default defineConfig({
  test: {
    name: "e2e",
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two browsers on two cores: give polled assertions room before calling them failed.
    expect: { poll: { timeout: 10_000 } },
    // One browser per file; two files at a time suit a two-core machine.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
