import { like, or, sql } from "drizzle-orm";
import { UPLOADS_PATH, uploadedPictureHash } from "#catalog/art/media-paths.ts";
import type { Database } from "../db/client.ts";
import { catalogCategory, catalogProduct } from "../db/schema.ts";
import type { PictureStore } from "./picture-store.ts";

/**
 * How long an uploaded picture no product or category names is kept: staff upload a picture,
 * then fill in and save the product, or preview an import file that names it, and may leave the
 * form for a while. A week is enough for both and bounds what abandoned uploads cost.
 */
export const UNUSED_PICTURE_DAYS = 7;

/** The hashes of the uploaded pictures the catalogue names (products, their extra pictures, categories). */
export async function picturesInUse(db: Database): Promise<Set<string>> {
  // Only rows that name an upload somewhere: with 100,000 drawn products, few or none do.
  const uploaded = `%${UPLOADS_PATH}%`;
  const [products, categories] = await Promise.all([
    db
      .select({ imagen: catalogProduct.imagen, otras: catalogProduct.otrasImagenes })
      .from(catalogProduct)
      .where(
        or(like(catalogProduct.imagen, uploaded), like(sql`${catalogProduct.otrasImagenes}::text`, uploaded)),
      ),
    db
      .select({ imagen: catalogCategory.imagen })
      .from(catalogCategory)
      .where(like(catalogCategory.imagen, uploaded)),
  ]);
  const paths = [
    ...products.flatMap(({ imagen, otras }) => [
      imagen,
      ...otras.flatMap(({ imagen1, imagen2, imagen3 }) => [imagen1, imagen2, imagen3]),
    ]),
    ...categories.map(({ imagen }) => imagen),
  ];
  return new Set(paths.map(uploadedPictureHash).filter((hash): hash is string => hash !== undefined));
}

/**
 * Deletes the files of uploaded pictures that nothing in the catalogue names and that were
 * written more than `UNUSED_PICTURE_DAYS` ago (decision 055's addendum). A hidden product still
 * names its pictures, so they stay; orders show their lines' pictures through the product. The
 * picture's four files go together (they share its hash). Resolves to the names deleted.
 */
export async function sweepUnusedPictures(deps: {
  db: Database;
  store: PictureStore;
  now: Date;
}): Promise<string[]> {
  const { db, store, now } = deps;
  // The old files first: a picture uploaded and named after the catalogue was read is younger than
  // the week, so it is never among them. Most days there are none, and the catalogue is not read.
  const before = now.getTime() - UNUSED_PICTURE_DAYS * 86_400_000;
  const old = (await store.list()).filter(({ writtenAt }) => writtenAt.getTime() < before);
  if (old.length === 0) return [];
  const inUse = await picturesInUse(db);
  const unused = old.filter(({ name }) => !inUse.has(name.slice(0, name.indexOf("."))));
  for (const { name } of unused) await store.remove(name);
  return unused.map(({ name }) => name);
}
