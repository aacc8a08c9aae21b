import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Cookie, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { z } from "zod";
import { totpCode } from "#server/testing/totp-code.ts";
import { baseUrl } from "./browser.ts";
import { createScratchDatabase } from "./scratch-database.ts";
import { freePort, type RunningShop, startShop } from "./start-shop.ts";

/** A shop of a test file's own, with its first owner's invitation (issue 30). */
export type ShopWithOwner = {
  shop: RunningShop;
  /** The invitation's path and query, as the terminal printed its link. */
  ownerPath: string;
  /** An address of this shop. */
  at(path: string): string;
  /** Where this shop writes its mail. */
  outbox(): string;
};

/**
 * Starts a shop with an owner invited from the terminal first (`npm run staff -- invite`: the
 * embedded database is one process's at a time), on the project's database kind and host; its
 * `stop` also drops the database and the data directory.
 */
export async function startShopWithOwner(name: string, ownerEmail: string): Promise<ShopWithOwner> {
  const port = await freePort();
  const postgres = inject("ownDatabase") === "postgres" ? await createScratchDatabase(name) : undefined;
  const dataDir = join("/tmp", `${name}-${port}`);
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const where = postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["scripts/staff.ts", "invite", ownerEmail, "--role", "owner"],
    { env: { ...env, ...where, PORT: String(port), LOG_LEVEL: "warn" } },
  );
  const link = new URL(/Enlace \(de un solo uso\): (\S+)/.exec(stdout)?.[1] ?? "");
  const host = new URL(baseUrl()).hostname === "localhost" ? "localhost" : "127.0.0.1";
  const shop = await startShop(process.cwd(), {
    port,
    host,
    ...(postgres ? { databaseUrl: postgres.url } : { dataDir }),
  });
  const stop = shop.stop;
  shop.stop = async () => {
    const exit = await stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    return exit;
  };
  return {
    shop,
    ownerPath: `${link.pathname}${link.search}`,
    at: (path) => `${shop.baseUrl}${path}`,
    outbox: () => join(shop.dataDir, "outbox"),
  };
}

const totpSchema = z.object({ totpURI: z.string() });

/** Accepts the owner's invitation and enrols the second factor through the API: their cookies. */
export async function enrolOwner(
  page: Page,
  { shop, ownerPath, at }: ShopWithOwner,
  person: { name: string; password: string },
): Promise<Cookie[]> {
  const headers = { origin: shop.baseUrl };
  const token = new URL(at(ownerPath)).searchParams.get("token") ?? "";
  const accepted = await page.request.post(at(`/api/gestion/invitations/${token}/accept`), {
    data: person,
    headers,
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const enabled = await page.request.post(at("/api/gestion/auth/two-factor/enable"), {
    data: { password: person.password },
    headers,
  });
  const { totpURI } = totpSchema.parse(await enabled.json());
  const verified = await page.request.post(at("/api/gestion/auth/two-factor/verify-totp"), {
    data: { code: totpCode(totpURI) },
    headers,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return page.context().cookies();
}
