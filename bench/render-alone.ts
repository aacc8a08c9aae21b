/**
 * The renderer alone on product pages (issue 32): the built site's `renderPage`, in a process of
 * its own with React's production build (`NODE_ENV=production`, as the shop runs), every API
 * answer the pages ask for fetched once from a running shop beforehand and then handed back from
 * memory. No database, no HTTP, no compression, no page cache: what drawing a page costs at least,
 * the floor under a page not yet kept. Prints one JSON line (`RenderAlone`); nothing passes or fails.
 *
 *   NODE_ENV=production node bench/render-alone.ts http://localhost:3000 /detalle/1 /detalle/2 …
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { z } from "zod";
import type { Lang } from "#shared/lang.ts";
import { loadBuiltSite } from "../src/server/ssr/built-site.ts";

const renderAloneSchema = z.object({
  pages: z.number().int(),
  draws: z.number().int(),
  /** Per page drawn, on the process's clock (user + system, so the collector's threads too). */
  cpuMsPerPage: z.number(),
  wallMsPerPage: z.number(),
  /** The drawn pages' mean size (uncompressed HTML). */
  bytesPerPage: z.number(),
});
export type RenderAlone = z.infer<typeof renderAloneSchema>;

/** Runs this file in a process of its own (React's production build is chosen when it loads). */
export async function measureRenderAlone(
  root: string,
  baseUrl: string,
  paths: readonly string[],
): Promise<RenderAlone> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(root, "bench", "render-alone.ts"), baseUrl, ...paths],
    { cwd: root, env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 1 << 20 },
  );
  return renderAloneSchema.parse(JSON.parse(stdout.trim().split("\n").at(-1) ?? ""));
}

const PASSES = 10;

async function main([baseUrl, ...paths]: string[]): Promise<void> {
  if (!baseUrl || paths.length === 0) throw new Error("usage: render-alone.ts BASE_URL PATH…");
  if (process.env.NODE_ENV !== "production") throw new Error("run with NODE_ENV=production");
  const answers = new Map<string, { status: number; body: string }>();
  let recording = true;
  const apiFetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const key = `${url.pathname}${url.search}`;
    let answer = answers.get(key);
    if (!answer && recording) {
      const fetched = await fetch(`${baseUrl}${key}`);
      answer = { status: fetched.status, body: await fetched.text() };
      answers.set(key, answer);
    }
    if (!answer) throw new Error(`not recorded: ${key}`);
    return new Response(answer.body, {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  };
  const { createRenderer, assetsFor } = await loadBuiltSite(join(process.cwd(), "dist"));
  const renderer = createRenderer(apiFetch);
  const site = { origin: baseUrl, originFixed: false, testMode: true };
  const langs: Lang[] = ["es", "pt"];
  const draw = async (path: string, lang: Lang) => {
    const { response } = await renderer.renderPage({
      request: new Request(`${baseUrl}${path}`),
      lang,
      site,
      user: null,
      formOutcome: null,
      assetsFor,
      asTemplate: true,
    });
    return (await response.arrayBuffer()).byteLength;
  };
  // The first pass records the answers and warms the code up; the others are measured.
  for (const path of paths) for (const lang of langs) await draw(path, lang);
  recording = false;
  let bytes = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let pass = 0; pass < PASSES; pass += 1) {
    for (const path of paths) for (const lang of langs) bytes += await draw(path, lang);
  }
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const pages = paths.length * langs.length;
  const draws = PASSES * pages;
  const figures: RenderAlone = {
    pages,
    draws,
    cpuMsPerPage: (used.user + used.system) / 1000 / draws,
    wallMsPerPage: wallMs / draws,
    bytesPerPage: Math.round(bytes / draws),
  };
  console.log(JSON.stringify(figures));
}

if (import.meta.main) await main(process.argv.slice(2));
