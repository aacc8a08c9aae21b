/**
 * The embedded database's backup (issue 31), with the shop stopped:
 *
 *   npm run backup -- export shop-2026-11-27.tar.gz      (DATA_DIR's database to one file)
 *   npm run backup -- restore shop-2026-11-27.tar.gz     (that file into an empty DATA_DIR)
 *
 * With PostgreSQL (DATABASE_URL) use its own tools, while the shop runs; see docs/OPERATIONS.md.
 */
import { exportEmbedded, restoreEmbedded } from "../src/server/db/embedded-backup.ts";
import { parseEnv } from "../src/server/env.ts";

const USAGE =
  "uso: npm run backup -- export FICHERO | restore FICHERO   (base de datos integrada en DATA_DIR)";

async function main([command, file]: string[]): Promise<number> {
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) {
    console.error("DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/OPERATIONS.md).");
    return 2;
  }
  if (!file || (command !== "export" && command !== "restore")) {
    console.error(USAGE);
    return 2;
  }
  if (command === "export") {
    const bytes = await exportEmbedded(env.DATA_DIR, file);
    console.log(`${file}: ${bytes} bytes from ${env.DATA_DIR}`);
  } else {
    await restoreEmbedded(file, env.DATA_DIR);
    console.log(`${env.DATA_DIR}: restored from ${file}`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
