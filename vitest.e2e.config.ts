import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";

/**
 * The files whose behaviour depends on the address the shop is reached at or on the database their
 * own shops run on (decision 057): cookies, origins, sign-in, carts and checkouts across tabs, the
 * back/forward cache, live streams, payments' returns, proxies and several processes. They run at
 * http://127.0.0.1:PORT, on PostgreSQL, as well as at http://localhost:PORT, on PGlite; every other
 * file runs once, at localhost.
 */
const ADDRESS_SENSITIVE = [
  "account",
  "back-office-shell",
  "cart-wishlist",
  "checkout",
  "crash-safety",
  "email-link",
  "forms-before-script",
  "guest-checkout",
  "live",
  "many-tabs",
  "navigation",
  "origins",
  "passkeys",
  "payments",
  "social-sign-in",
  "stripe-payments",
  "tls-proxy",
  "two-servers",
].map((name) => `e2e/${name}.e2e.test.ts`);
// A renamed file must not fall out of the second address unnoticed.
for (const file of ADDRESS_SENSITIVE) if (!existsSync(file)) throw new Error(`${file} is listed but missing`);

/**
 * End-to-end tests: the built shop in a real Chromium (run `npm run build` first), with the
 * back/forward cache on. The suite runs at http://localhost:PORT, and its address-sensitive files
 * again at http://127.0.0.1:PORT (e2e/support/global-setup.ts picks the address from the
 * project's name). `npm run test:e2e` runs the SIGKILL crash test after the rest, on its own: it
 * starts the shop twenty times, and a machine that busy would slow every other file's shops and
 * browsers.
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
    projects: [
      { host: "localhost", include: ["e2e/**/*.e2e.test.ts"] },
      { host: "127.0.0.1", include: ADDRESS_SENSITIVE },
    ].map(({ host, include }) => ({
      extends: true,
      test: { name: `e2e@${host}`, include, globalSetup: ["e2e/support/global-setup.ts"] },
    })),
  },
});
