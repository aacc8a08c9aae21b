import { defineConfig } from "vitest/config";

/**
 * Unit tests run everywhere they live (*.test.ts beside the code). API tests (*.api.test.ts) run
 * twice: on the embedded PGlite database and on the PostgreSQL server of TEST_DATABASE_URL.
 */
const apiTests = "src/server/**/*.api.test.ts";
/** Each API project migrates one database per run, which its test files copy. */
const globalSetup = ["src/server/testing/template-databases.ts"];

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
        test: { name: "api-pglite", include: [apiTests], env: { TEST_DB: "pglite" }, globalSetup },
      },
      {
        extends: true,
        test: { name: "api-postgres", include: [apiTests], env: { TEST_DB: "postgres" }, globalSetup },
      },
    ],
  },
});
