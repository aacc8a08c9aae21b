import { defineConfig } from "vitest/config";

/**
 * Unit tests run everywhere they live (*.test.ts beside the code). API tests (*.api.test.ts) run
 * twice: on the embedded PGlite database and on the PostgreSQL server of TEST_DATABASE_URL.
 */
const apiTests = "src/server/**/*.api.test.ts";
/** Each API project migrates one database per run, which its test files copy. */
const globalSetup = ["src/server/testing/template-databases.ts"];
/**
 * API test files share their worker's modules (`isolate: false`): each file builds its own app and
 * database (`testing/test-app.ts`) and none mocks a module, while importing the server afresh cost
 * each file 3–5 s (Node parses drizzle-orm's 179 KB package.json once per module it resolves in
 * it): the two API projects took 560 s together on a quiet machine, every file passing.
 */
const api = { include: [apiTests], globalSetup, isolate: false };

export default defineConfig({
  test: {
    // Password hashing (scrypt) and fresh databases are slow on a busy two-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.{ts,tsx}"], exclude: [apiTests] },
      },
      {
        extends: true,
        test: { name: "api-pglite", ...api, env: { TEST_DB: "pglite" } },
      },
      {
        extends: true,
        test: { name: "api-postgres", ...api, env: { TEST_DB: "postgres" } },
      },
    ],
  },
});
