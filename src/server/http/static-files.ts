import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

const YEAR = 31_536_000;
const MONTH = 2_592_000;

const STATIC_PREFIXES = ["/assets/*", "/media/*", "/icons/*"] as const;

/**
 * The built browser files. /assets/* have content hashes in their names, so they never change;
 * /icons/* are brand marks that do not change; /media/* pictures are kept for a month. A file that
 * is not there is a plain 404, never a page or a redirect: a script or picture tag must not receive
 * HTML (and a stale tab asking for an old chunk learns it at once).
 */
export function staticFiles(clientDir: string) {
  const options = { root: clientDir, precompressed: true };
  const app = new Hono()
    .use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("cache-control", `public, max-age=${YEAR}, immutable`);
    })
    .use("/icons/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("cache-control", `public, max-age=${YEAR}`);
    })
    .use("/media/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("cache-control", `public, max-age=${MONTH}, stale-while-revalidate=${MONTH}`);
    })
    .use("/assets/*", serveStatic(options))
    .use("/media/*", serveStatic(options))
    .use("/icons/*", serveStatic(options))
    .use("/favicon.svg", serveStatic({ ...options, path: join("favicon.svg") }));
  for (const prefix of STATIC_PREFIXES) {
    app.all(prefix, (c) => c.text("Not found", 404, { "cache-control": "no-store" }));
  }
  return app;
}
