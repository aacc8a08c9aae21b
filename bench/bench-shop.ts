import { createScratchDatabase } from "../e2e/support/scratch-database.ts";
import { startShop } from "../e2e/support/start-shop.ts";

export type BenchShop = {
  baseUrl: string;
  /** Its data directory (the operator token is kept there). */
  dataDir: string;
  /** Which database the figures were taken on, for the results file. */
  database: string;
  /** Stops the shop and removes its database. Safe to call twice. */
  stop(): Promise<void>;
};

/**
 * The built shop on a fresh embedded database, or with `postgres` on a fresh database of the
 * PostgreSQL server of the tests (TEST_DATABASE_URL, else the local default).
 */
export async function startBenchShop(
  root: string,
  postgres: boolean,
  env: Record<string, string> = {},
): Promise<BenchShop> {
  if (!postgres) {
    const shop = await startShop(root, { env });
    return {
      baseUrl: shop.baseUrl,
      dataDir: shop.dataDir,
      database: "PGlite (embedded)",
      stop: async () => void (await shop.stop()),
    };
  }
  const database = await createScratchDatabase("shop_bench");
  try {
    const shop = await startShop(root, { databaseUrl: database.url, env });
    let stopped: Promise<void> | undefined;
    const stop = async () => {
      await shop.stop();
      await database.drop();
    };
    return {
      baseUrl: shop.baseUrl,
      dataDir: shop.dataDir,
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
