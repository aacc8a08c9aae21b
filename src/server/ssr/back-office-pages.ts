import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  BACK_OFFICE_BASE,
  type BackOfficeAssets,
  type BackOfficeModule,
} from "#shared/back-office-ssr-contract.ts";
import { clientAddress } from "../http/client-address.ts";
import type { LimitRule, RequestLimits } from "../http/rate-limit.ts";
import type { Logger } from "../logger.ts";
import { messageAnswer } from "./message-page.ts";
import { PAGE_RENDER_LIMIT } from "./pages.routes.ts";

/** What draws the back office: its renderer, the files its pages ask for, and where they are. */
export type BuiltBackOffice = {
  createBackOfficeRenderer: BackOfficeModule["createBackOfficeRenderer"];
  assets: BackOfficeAssets;
  /** The browser build's directory (its /gestion/assets/*); none in tests that draw sketches. */
  clientDir?: string;
};

export type BackOfficePagesOptions = {
  /** The build output (dist/): the back office's is dist/back-office/{client,server}. */
  distDir: string;
  /** Instead of the build in `distDir`: what tests draw pages with. */
  site?: BuiltBackOffice;
  /** The API, called in-process with the page request's cookies. */
  apiFetch: (request: Request) => Promise<Response>;
  logger: Logger;
  /** Where the limit of pages drawn counts (the storefront's pages' count). */
  limits: RequestLimits;
  /** Pages drawn per client address; null: none. */
  renderLimit?: LimitRule | null;
};

const ENTRY = "src/web/back-office/entry-client.tsx";
const YEAR = 31_536_000;

/**
 * The back office's room (issue 30, decision 042), mounted at /gestion before the storefront's
 * pages: its own server-rendered pages, never kept by any cache nor indexed, and its own built
 * files under /gestion/assets/. Without its build (a dist/ made before it) it answers 503.
 */
export async function backOfficePages(options: BackOfficePagesOptions): Promise<Hono> {
  const { logger } = options;
  const built = options.site ?? (await loadBuiltBackOffice(join(options.distDir, "back-office")));
  const app = new Hono();
  if (built?.clientDir) {
    app
      .use("/assets/*", async (c, next) => {
        await next();
        if (c.res.ok) c.header("cache-control", `public, max-age=${YEAR}, immutable`);
      })
      .use(
        "/assets/*",
        serveStatic({
          root: built.clientDir,
          precompressed: true,
          rewriteRequestPath: (path) => path.slice(BACK_OFFICE_BASE.length),
        }),
      );
  }
  // A script or stylesheet tag never receives a page.
  app.all("/assets/*", (c) => c.text("Not found", 404, { "cache-control": "no-store" }));
  if (!built) {
    logger.warn('No back-office build in dist/back-office: /gestion answers 503 until "npm run build"');
    const missing = () => noStore(messageAnswer("es", "failed", 503));
    return app.get("/", missing).get("/*", missing).post("/*", missing);
  }

  const { assets } = built;
  const renderer = built.createBackOfficeRenderer(options.apiFetch);
  const limit = options.renderLimit === undefined ? PAGE_RENDER_LIMIT : options.renderLimit;

  async function page(c: Context): Promise<Response> {
    const verdict = limit ? await options.limits.take("page-render", clientAddress(c), limit) : undefined;
    if (verdict && !verdict.allowed) {
      return noStore(
        messageAnswer("es", "too-many", 429, { "retry-after": String(verdict.retryAfterSeconds) }),
      );
    }
    try {
      return noStore(await renderer.renderPage({ request: c.req.raw, assets }));
    } catch (error) {
      logger.error({ err: error, path: c.req.path }, "back-office page render failed");
      return noStore(messageAnswer("es", "failed", 500));
    }
  }

  return (
    app
      .get("/", page)
      .get("/*", page)
      // The back office's forms need its script; posted without it (before it loaded, or with
      // JavaScript off), a form comes back to its page, which says so. Nothing posted is read.
      .post("/*", (c) => noStore(c.redirect(`${c.req.path}${new URL(c.req.url).search}`, 303)))
  );
}

/** Someone's back office: no cache keeps it, no search engine lists it (issue 30). */
function noStore(response: Response): Response {
  const answer = new Response(response.body, response);
  answer.headers.set("cache-control", "private, no-store");
  answer.headers.set("x-robots-tag", "noindex, nofollow");
  return answer;
}

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), css: z.array(z.string()).optional(), isEntry: z.boolean().optional() }),
);

/** The back office `npm run build` wrote into `dir` (dist/back-office), or undefined without one. */
export async function loadBuiltBackOffice(dir: string): Promise<BuiltBackOffice | undefined> {
  const serverEntry = join(dir, "server", "entry-server.js");
  const clientDir = join(dir, "client");
  const manifestFile = join(clientDir, ".vite", "manifest.json");
  if (!existsSync(serverEntry) || !existsSync(manifestFile)) return undefined;
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, "utf8")));
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`The back office's build manifest has no ${ENTRY}`);
  // With cssCodeSplit off, Vite lists the one stylesheet as "style.css" (or on the entry).
  const stylesheets = new Set([
    ...(entry.css ?? []),
    ...Object.entries(manifest).flatMap(([key, chunk]) => (key.endsWith(".css") ? [chunk.file] : [])),
  ]);
  const loaded: unknown = await import(pathToFileURL(serverEntry).href);
  if (!isBackOfficeModule(loaded)) throw new Error(`${serverEntry} exports no createBackOfficeRenderer`);
  return {
    createBackOfficeRenderer: loaded.createBackOfficeRenderer,
    assets: {
      entry: `${BACK_OFFICE_BASE}/${entry.file}`,
      stylesheets: [...stylesheets].map((file) => `${BACK_OFFICE_BASE}/${file}`),
    },
    clientDir,
  };
}

function isBackOfficeModule(value: unknown): value is BackOfficeModule {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof Reflect.get(value, "createBackOfficeRenderer") === "function"
  );
}
