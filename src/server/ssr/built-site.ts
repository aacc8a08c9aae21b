import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { RendererModule, RenderOptions } from "#shared/ssr-contract.ts";
import { loadBuildManifest } from "./build-manifest.ts";

/** What draws the pages: the renderer Vite built, and the files each page asks for. */
export type BuiltSite = {
  createRenderer: RendererModule["createRenderer"];
  assetsFor: RenderOptions["assetsFor"];
};

/** The site `npm run build` wrote into `distDir`. */
export async function loadBuiltSite(distDir: string): Promise<BuiltSite> {
  if (!existsSync(join(distDir, "server", "entry-server.js"))) {
    throw new Error(`No built site in ${distDir}: run "npm run build" (or "npm start", which builds).`);
  }
  const assetsFor = loadBuildManifest(join(distDir, "client"));
  const rendererUrl = pathToFileURL(join(distDir, "server", "entry-server.js")).href;
  const { createRenderer } = (await import(rendererUrl)) as RendererModule;
  return { createRenderer, assetsFor };
}
