import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { type RunningShop, startShop } from "./start-shop.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where the shop writes its mail (no SMTP server in the tests). */
    outboxDir: string;
  }
}

let shop: RunningShop | undefined;

/** Starts the built shop once, on a free port with an empty embedded database. */
export async function setup(project: TestProject) {
  shop = await startShop(process.cwd());
  project.provide("baseUrl", shop.baseUrl);
  project.provide("outboxDir", join(shop.dataDir, "outbox"));
}

export async function teardown() {
  await shop?.stop();
}
