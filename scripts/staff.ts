/**
 * The back office's staff, from the server's terminal (issue 30):
 *
 *   npm run staff -- invite ana@example.com --role owner
 *
 * Writes the invitation straight into the shop's database (DATABASE_URL, else the embedded one in
 * DATA_DIR) and prints its link, which points at PUBLIC_URL (else http://localhost:$PORT).
 */
import { openDatabase } from "../src/server/db/client.ts";
import { parseEnv } from "../src/server/env.ts";
import { createOriginPolicy } from "../src/server/http/origin-policy.ts";
import { STAFF_USAGE, staffCommand } from "../src/server/staff/staff-cli.ts";

async function main(args: string[]): Promise<number> {
  if (args.length === 0) {
    console.error(STAFF_USAGE);
    return 2;
  }
  const env = parseEnv(process.env);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  try {
    return await staffCommand(args, {
      db: database.db,
      origin: createOriginPolicy({ publicUrl: env.PUBLIC_URL, port: env.PORT }).publicOrigin,
      now: () => new Date(),
      print: (line) => console.log(line),
      fail: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`staff: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
