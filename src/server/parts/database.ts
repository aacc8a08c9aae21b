import type { Catalog } from "#catalog/catalog.ts";
import { seedCoupons } from "../coupons/coupon-repository.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import { seedStock } from "../stock/stock-repository.ts";

/**
 * PostgreSQL at DATABASE_URL, else the embedded PGlite in DATA_DIR, migrated, with the stock and
 * the coupons seeded on a first start. Its stop is `close`, the last of the shop's.
 */
export async function openShopDatabase(env: Env, catalog: Catalog, logger: Logger): Promise<DatabaseHandle> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          kind: "postgres",
          url: env.DATABASE_URL,
          onConnectionError: (err) => logger.warn({ err }, "database connection lost; the pool reconnects"),
        }
      : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  await seedStock(database.db, catalog.listProducts());
  await seedCoupons(database.db);
  return database;
}
