import { uploadedFilePattern } from "#catalog/art/media-paths.ts";

/** A kept file as the serving route sends it: its length, and its bytes. */
export type StoredFile = { size: number; body: ReadableStream<Uint8Array> };

/** A kept file's name and when it was written (for the sweep of unused pictures). */
export type KeptFile = { name: string; writtenAt: Date };

/**
 * Where uploaded pictures are kept (decision 055), by the names `uploadedFileName` gives: a
 * directory under DATA_DIR (`directoryPictureStore`) or an S3-compatible bucket
 * (`s3PictureStore`), as `PICTURE_STORE` says. Files are named by their source's hash and never
 * change: a name kept is kept for good, and writing it again leaves it as it was. Every process
 * and machine serving the shop must see the same store.
 */
export type PictureStore = {
  /** Keeps a file, whole or not at all (a reader never sees half of one); kept already: nothing. */
  put: (name: string, bytes: Uint8Array) => Promise<void>;
  /** A kept file's length, or null: no bytes are read. */
  stat: (name: string) => Promise<{ size: number } | null>;
  /** A kept file to send, or null; its body must be read or cancelled. */
  read: (name: string) => Promise<StoredFile | null>;
  /** Every kept picture file (names of the uploads folder only). */
  list: () => Promise<KeptFile[]>;
  /** Deletes a kept file; one already gone is no error. */
  remove: (name: string) => Promise<void>;
  /** Where the files are, for the log. */
  readonly location: string;
};

/** A store is asked for the names of the uploads folder only: anything else is a bug or an attack. */
export function assertPictureName(name: string): void {
  if (!uploadedFilePattern.test(name)) throw new Error(`not a picture file name: ${JSON.stringify(name)}`);
}

/** A kept file's bytes (a small one: a picture's 640 px WebP), or null. */
export async function readBytes(store: PictureStore, name: string): Promise<Buffer | null> {
  const file = await store.read(name);
  return file ? Buffer.from(await new Response(file.body).arrayBuffer()) : null;
}
