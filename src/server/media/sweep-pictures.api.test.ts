import { mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedFileName, uploadedPicturePath } from "#catalog/art/media-paths.ts";
import { catalogCategory, catalogProduct } from "../db/schema.ts";
import { createTestApi, type TestApi } from "../testing/test-app.ts";
import { directoryPictureStore } from "./directory-store.ts";
import { sweepUnusedPictures, UNUSED_PICTURE_DAYS } from "./sweep-pictures.ts";

let api: TestApi;
const dir = mkdtempSync(join(tmpdir(), "sweep-pictures-"));
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const hash = (n: number) => n.toString(16).padStart(32, "0");
/** A picture's four files, as an upload writes them. */
const filesOf = (n: number) =>
  ([320, 640] as const).flatMap((width) =>
    (["avif", "webp"] as const).map((format) => uploadedFileName(hash(n), width, format)),
  );

describe("the sweep of unused uploaded pictures (decision 055's addendum)", () => {
  it("deletes the files of pictures nothing names a week after their upload, and nothing else", async () => {
    const store = directoryPictureStore(join(dir, "uploads"));
    const now = new Date();
    const eightDaysAgo = new Date(now.getTime() - (UNUSED_PICTURE_DAYS + 1) * 86_400_000);
    for (const n of [1, 2, 3, 4, 5, 6])
      for (const file of filesOf(n)) {
        await store.put(file, Buffer.from(file));
        // All uploaded over a week ago but the sixth, uploaded today and not saved on a product yet.
        if (n !== 6) utimesSync(join(dir, "uploads", file), eightDaysAgo, eightDaysAgo);
      }
    const { db } = api.database;
    // 1: a hidden product's picture; 2: another's extra picture; 3: a category's.
    await db
      .update(catalogProduct)
      .set({ imagen: uploadedPicturePath(hash(1)), published: false })
      .where(eq(catalogProduct.id, 1));
    await db
      .update(catalogProduct)
      .set({ otrasImagenes: [{ imagen1: "", imagen2: uploadedPicturePath(hash(2)), imagen3: "" }] })
      .where(eq(catalogProduct.id, 2));
    const [category] = await db.select({ name: catalogCategory.name }).from(catalogCategory).limit(1);
    await db
      .update(catalogCategory)
      .set({ imagen: uploadedPicturePath(hash(3)) })
      .where(eq(catalogCategory.name, category?.name ?? ""));

    const swept = await sweepUnusedPictures({ db, store, now });
    expect(swept.sort()).toEqual([...filesOf(4), ...filesOf(5)].sort());
    const left = (await store.list()).map(({ name }) => name).sort();
    expect(left).toEqual([...filesOf(1), ...filesOf(2), ...filesOf(3), ...filesOf(6)].sort());
    // Nothing more to do the next day, until the sixth's week is over.
    expect(await sweepUnusedPictures({ db, store, now })).toEqual([]);
    const later = new Date(now.getTime() + (UNUSED_PICTURE_DAYS + 1) * 86_400_000);
    expect((await sweepUnusedPictures({ db, store, now: later })).sort()).toEqual(filesOf(6).sort());
  });
});
