import { builtinCatalogSource } from "#catalog/builtin-catalog.ts";
import { seedCatalog } from "../catalog/catalog-store.ts";
import { seedCoupons } from "../coupons/coupon-repository.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";

/**
 * PostgreSQL at DATABASE_URL, else the embedded PGlite in DATA_DIR, migrated, with the built-in
 * catalogue (and its stock) and the coupons seeded on a first start (decision 053). Its stop is `close`, the last of the shop's.
 */
export async function openShopDatabase(env: Env, logger: Logger): Promise<DatabaseHandle> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          kind: "postgres",
          url: env.DATABASE_URL,
          onConnectionError: (err) => logger.warn({ err }, "database connection lost; the pool reconnects"),
        }
      : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  if (await seedCatalog(database.db, builtinCatalogSource()))
    logger.info("catalogue: the built-in one written");
  await seedCoupons(database.db);
  return database;
}
