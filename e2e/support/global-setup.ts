import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { type RunningShop, startShop } from "./start-shop.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the shop writes its mail (no SMTP server in the tests). */
    outboxDir: string;
    /**
     * The database of tests that start shop processes of their own: each project covers one, the
     * embedded PGlite at localhost and the PostgreSQL server at 127.0.0.1.
     */
    ownDatabase: "pglite" | "postgres";
  }
}

let shop: RunningShop | undefined;

/**
 * Starts the built shop once per project, on a free port with an empty embedded database. The
 * suite runs twice, opening the shop at http://localhost:PORT and at http://127.0.0.1:PORT: a shop
 * must work at whatever address it is reached (issue 10).
 */
export async function setup(project: TestProject) {
  const atIp = project.name.endsWith("127.0.0.1");
  shop = await startShop(process.cwd(), { host: atIp ? "127.0.0.1" : "localhost" });
  project.provide("baseUrl", shop.baseUrl);
  project.provide("ownDatabase", atIp ? "postgres" : "pglite");
  project.provide("outboxDir", join(shop.dataDir, "outbox"));
}

export async function teardown() {
  await shop?.stop();
}
