import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { PageAssets } from "#shared/ssr-contract.ts";

const chunkSchema = z.object({
  file: z.string(),
  imports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), chunkSchema);
type Manifest = z.infer<typeof manifestSchema>;

const ENTRY = "src/web/entry-client.tsx";

/** Reads Vite's manifest once and answers which files a set of pages needs. */
export function loadBuildManifest(clientDir: string): (pages: string[]) => PageAssets {
  const manifest = manifestSchema.parse(
    JSON.parse(readFileSync(join(clientDir, ".vite", "manifest.json"), "utf8")),
  );
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`The build manifest has no ${ENTRY}`);
  // With cssCodeSplit off, Vite lists the one stylesheet as "style.css"; keep chunk css too.
  const styles = Object.entries(manifest).flatMap(([key, chunk]) => [
    ...(key.endsWith(".css") ? [chunk.file] : []),
    ...(chunk.css ?? []),
  ]);
  const cache = new Map<string, PageAssets>();

  return (pages) => {
    const key = pages.join(",");
    let assets = cache.get(key);
    if (!assets) {
      const keys = [ENTRY, ...pages.map((page) => `src/web/app/pages/${page}.tsx`)];
      const preloads = new Set<string>();
      for (const chunkKey of keys) collectChunk(manifest, chunkKey, preloads);
      preloads.delete(entry.file);
      assets = {
        entry: `/${entry.file}`,
        styles: [...new Set(styles)].map((file) => `/${file}`),
        preloads: [...preloads].map((file) => `/${file}`),
      };
      cache.set(key, assets);
    }
    return assets;
  };
}

function collectChunk(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectChunk(manifest, imported, into);
}
