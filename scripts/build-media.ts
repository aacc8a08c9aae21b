/**
 * Writes the shop's product and category pictures: each SVG named in the catalogue data, plus
 * AVIF and WebP rasters at 320 and 640 px. Rasters are cached by content hash, so a warm build
 * only copies files.
 *
 *   node scripts/build-media.ts [outDir] [--data src/catalog/data]
 */
import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { z } from "zod";
import { renderCategoryArt } from "../src/catalog/art/category-art.ts";
import { extraImageNumber, mediaPathsIn, rasterVariants } from "../src/catalog/art/media-paths.ts";
import { type ProductView, renderProductArt } from "../src/catalog/art/product-art.ts";
import { avifOptions, webpOptions } from "../src/catalog/art/raster-encoding.ts";
import {
  catalogueRecordSchema,
  categoryDetailSchema,
  type Product,
  productFromRecord,
} from "../src/catalog/product-schema.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const cacheDir = path.join(root, "node_modules/.cache/media");
/** Encoder settings (shared with uploaded pictures), part of every cache key. */
const ENCODER = JSON.stringify({ avifOptions, webpOptions, version: 1 });
const RENDER_WIDTH = 640;
const CONCURRENCY = Math.min(2, availableParallelism());

type Picture = { mediaPath: string; svg: string };
type Tally = { svg: number; rendered: number; cached: number };

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, "utf8"));
}

function productPictures(product: Product): Picture[] {
  const extra = product.otrasImagenes[0];
  const fields: [string, ProductView][] = [[product.imagen, 0]];
  if (extra !== undefined) fields.push([extra.imagen1, 1], [extra.imagen2, 2], [extra.imagen3, 3]);
  return fields.flatMap(([value, fieldView]) =>
    mediaPathsIn(value).map((mediaPath) => {
      const view = fieldView === 0 ? 0 : (extraImageNumber(mediaPath) ?? fieldView);
      return { mediaPath, svg: renderProductArt(product, view) };
    }),
  );
}

async function collectPictures(dataDir: string): Promise<Picture[]> {
  const records = z.array(catalogueRecordSchema).parse(await readJson(path.join(dataDir, "products.json")));
  const products: Product[] = records.map(productFromRecord);
  const details = z
    .array(categoryDetailSchema)
    .parse(await readJson(path.join(dataDir, "category-details.json")));
  const categoryPictures = details.flatMap((detail) =>
    mediaPathsIn(detail.Imagen).map((mediaPath) => ({ mediaPath, svg: renderCategoryArt(detail.Categoria) })),
  );
  // First picture wins for a path named twice (the catalogue repeats an id).
  const byPath = new Map<string, Picture>();
  for (const picture of [...products.flatMap(productPictures), ...categoryPictures]) {
    if (!byPath.has(picture.mediaPath)) byPath.set(picture.mediaPath, picture);
  }
  return [...byPath.values()];
}

function cacheFile(svg: string, width: number, format: string): string {
  const key = createHash("sha256").update(`${ENCODER}\n${width}\n${format}\n${svg}`).digest("hex");
  return path.join(cacheDir, `${key}.${format}`);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Written beside the target and renamed, so an interrupted build never leaves half a file. */
async function writeAtomic(file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

async function encode(pixels: Buffer, width: number, format: "avif" | "webp"): Promise<Buffer> {
  let image = sharp(pixels, { raw: { width: RENDER_WIDTH, height: RENDER_WIDTH, channels: 3 } });
  if (width !== RENDER_WIDTH) image = image.resize(width, width);
  return format === "avif" ? image.avif(avifOptions).toBuffer() : image.webp(webpOptions).toBuffer();
}

async function buildPicture(picture: Picture, outDir: string, tally: Tally): Promise<void> {
  const svgFile = path.join(outDir, picture.mediaPath.slice("/media/".length));
  await mkdir(path.dirname(svgFile), { recursive: true });
  await writeFile(svgFile, picture.svg);
  tally.svg++;

  let pixels: Promise<Buffer> | undefined;
  for (const variant of rasterVariants(picture.mediaPath)) {
    for (const format of ["avif", "webp"] as const) {
      const target = path.join(outDir, variant[format].slice("/media/".length));
      const cached = cacheFile(picture.svg, variant.width, format);
      if (await exists(cached)) {
        await copyFile(cached, target);
        tally.cached++;
        continue;
      }
      // Rendered once per picture, at the largest width; the smaller one is a downscale.
      pixels ??= sharp(Buffer.from(picture.svg), { density: (72 * RENDER_WIDTH) / 800 })
        .removeAlpha()
        .raw()
        .toBuffer();
      const data = await encode(await pixels, variant.width, format);
      await writeAtomic(cached, data);
      await copyFile(cached, target);
      tally.rendered++;
    }
  }
}

async function runPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { data: { type: "string" } },
    allowPositionals: true,
  });
  const outDir = path.resolve(positionals[0] ?? path.join(root, "dist/client/media"));
  const dataDir = path.resolve(values.data ?? path.join(root, "src/catalog/data"));
  const started = performance.now();

  sharp.concurrency(1);
  await mkdir(cacheDir, { recursive: true });
  const pictures = await collectPictures(dataDir);
  const tally: Tally = { svg: 0, rendered: 0, cached: 0 };
  await runPool(pictures, CONCURRENCY, (picture) => buildPicture(picture, outDir, tally));

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const written = tally.svg + tally.rendered + tally.cached;
  console.log(
    `build-media: ${written} files written to ${path.relative(process.cwd(), outDir) || "."} (${tally.svg} svg, ${tally.rendered} rasters rendered, ${tally.cached} from cache) in ${seconds} s`,
  );
}

await main().catch((error: unknown) => {
  console.error(`build-media: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
