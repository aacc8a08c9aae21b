import { createScratchDatabase } from "../e2e/support/scratch-database.ts";
import { startShop } from "../e2e/support/start-shop.ts";

export type BenchShop = {
  baseUrl: string;
  /** Which database the figures were taken on, for the results file. */
  database: string;
  /** Stops the shop and removes its database. Safe to call twice. */
  stop(): Promise<void>;
};

/**
 * The built shop on a fresh embedded database, or with `postgres` on a fresh database of the
 * PostgreSQL server of the tests (TEST_DATABASE_URL, else the local default).
 */
export async function startBenchShop(root: string, postgres: boolean): Promise<BenchShop> {
  if (!postgres) {
    const shop = await startShop(root);
    return {
      baseUrl: shop.baseUrl,
      database: "PGlite (embedded)",
      stop: async () => void (await shop.stop()),
    };
  }
  const database = await createScratchDatabase("shop_bench");
  try {
    const shop = await startShop(root, { databaseUrl: database.url });
    let stopped: Promise<void> | undefined;
    const stop = async () => {
      await shop.stop();
      await database.drop();
    };
    return {
      baseUrl: shop.baseUrl,
      database: `PostgreSQL (${new URL(database.url).host})`,
      stop: () => {
        stopped ??= stop();
        return stopped;
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
