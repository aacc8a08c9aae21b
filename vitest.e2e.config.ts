import { defineConfig } from "vitest/config";

/**
 * End-to-end tests: the built shop in a real Chromium (run `npm run build` first), with the
 * back/forward cache on. The whole suite runs twice, at http://localhost:PORT and at
 * http://127.0.0.1:PORT (e2e/support/global-setup.ts picks the address from the project's name).
 * `npm run test:e2e` runs the SIGKILL crash test after the rest, on its own: it starts the shop
 * twenty times, and a machine that busy would slow every other file's shops and browsers.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two browsers on two cores: give polled assertions room before calling them failed.
    expect: { poll: { timeout: 10_000 } },
    // One browser per file; two files at a time suit a two-core machine.
    maxWorkers: 2,
    fileParallelism: true,
    projects: ["localhost", "127.0.0.1"].map((host) => ({
      extends: true,
      test: {
        name: `e2e@${host}`,
        include: ["e2e/**/*.e2e.test.ts"],
        globalSetup: ["e2e/support/global-setup.ts"],
      },
    })),
  },
});
