import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Lang } from "#shared/lang.ts";
import type { PageAssets } from "#shared/ssr-contract.ts";
import { type TextPart, textsModule } from "#shared/text-parts.ts";

const chunkSchema = z.object({
  file: z.string(),
  imports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), chunkSchema);
type Manifest = z.infer<typeof manifestSchema>;

const ENTRY = "src/web/entry-client.tsx";

const readManifest = (clientDir: string): Manifest =>
  manifestSchema.parse(JSON.parse(readFileSync(join(clientDir, ".vite", "manifest.json"), "utf8")));

/** The stylesheet files of the build. With cssCodeSplit off, Vite lists the one as "style.css". */
function stylesheetFiles(manifest: Manifest): string[] {
  const files = Object.entries(manifest).flatMap(([key, chunk]) => [
    ...(key.endsWith(".css") ? [chunk.file] : []),
    ...(chunk.css ?? []),
  ]);
  return [...new Set(files)];
}

/**
 * The shop's whole stylesheet as one text, inlined in every page's head (issue 13: no
 * render-blocking request); null without a build (the API alone, as in API tests).
 */
export function readStylesheet(clientDir: string): string | null {
  if (!existsSync(join(clientDir, ".vite", "manifest.json"))) return null;
  const css = stylesheetFiles(readManifest(clientDir))
    .map((file) => readFileSync(join(clientDir, file), "utf8"))
    .join("\n");
  if (/<\/style/i.test(css)) throw new Error("The stylesheet cannot be inlined: it contains </style");
  return css;
}

/** Reads Vite's manifest once and answers which files a set of pages needs. */
export function loadBuildManifest(
  clientDir: string,
): (pages: string[], lang: Lang, texts: readonly TextPart[]) => PageAssets {
  const manifest = readManifest(clientDir);
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`The build manifest has no ${ENTRY}`);
  const inlineStyle = readStylesheet(clientDir) ?? "";
  const cache = new Map<string, PageAssets>();

  return (pages, lang, texts) => {
    const key = `${lang}:${pages.join(",")}:${texts.join(",")}`;
    let assets = cache.get(key);
    if (!assets) {
      // The interface texts of the page's language come with its scripts (not in its HTML).
      const keys = [
        ENTRY,
        ...pages.map((page) => `src/web/app/pages/${page}.tsx`),
        ...texts.map((part) => textsModule(lang, part)),
      ];
      const preloads = new Set<string>();
      for (const chunkKey of keys) collectChunk(manifest, chunkKey, preloads);
      preloads.delete(entry.file);
      assets = {
        entry: `/${entry.file}`,
        inlineStyle,
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
