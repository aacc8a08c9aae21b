import { builtinCatalog } from "#catalog/builtin-catalog.ts";
import type { Catalog } from "#catalog/catalog.ts";
import { createApi } from "../app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { seedStock } from "../stock/stock-repository.ts";
import { openTestDatabase } from "./test-database.ts";

export type TestApi = {
  request: (path: string, init?: RequestInit) => Promise<Response>;
  database: DatabaseHandle;
  catalog: Catalog;
  close: () => Promise<void>;
};

/** The real API router on a throwaway database with the built-in catalogue seeded. */
export async function createTestApi(options: { newsletterLimit?: number } = {}): Promise<TestApi> {
  const database = await openTestDatabase();
  const catalog = builtinCatalog();
  await seedStock(database.db, catalog.listProducts());
  const api = createApi({
    database,
    catalog,
    logger: createLogger({ LOG_LEVEL: "silent" }),
    // Every test request comes from one address: keep the limit out of the way unless tested.
    newsletterLimit: { limit: options.newsletterLimit ?? 1000, windowMs: 60_000 },
  });
  return {
    request: async (path, init) => api.request(path.replace(/^\/api/, ""), init),
    database,
    catalog,
    close: () => database.close(),
  };
}
