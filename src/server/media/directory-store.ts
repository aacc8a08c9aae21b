import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { link, mkdir, open, readdir, rename, stat, unlink, utimes } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { uploadedFilePattern } from "#catalog/art/media-paths.ts";
import { assertPictureName, type KeptFile, type PictureStore } from "./picture-store.ts";

/**
 * Pictures in one directory (`DATA_DIR/media/uploads`; decision 055). A file is written beside
 * its name under a temporary one (a dot first, so no request can name it), flushed to disk, then
 * linked to its name, which fails if the name exists: a file once there is never replaced, even
 * by two uploads of the same picture at once. Where the file system has no hard links, a rename
 * does it (same bytes, atomically). Every process on the machine reads the same directory; on
 * several machines it must be shared (NFS and the like), or the pictures go elsewhere.
 */
export function directoryPictureStore(root: string): PictureStore {
  let made: Promise<unknown> | undefined;
  return {
    location: root,
    async put(name, bytes) {
      assertPictureName(name);
      made ??= mkdir(root, { recursive: true });
      await made;
      const target = join(root, name);
      // Kept already: uploaded again, it is as new (the sweep of unused pictures counts from here).
      if (await isFile(target)) return void (await utimes(target, new Date(), new Date()).catch(() => {}));
      const temporary = join(root, `.${name}.${randomUUID()}.tmp`);
      const handle = await open(temporary, "wx");
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await linkOrRename(temporary, target);
    },
    async stat(name) {
      assertPictureName(name);
      const found = await stat(join(root, name)).catch(() => null);
      return found?.isFile() ? { size: found.size } : null;
    },
    async read(name) {
      assertPictureName(name);
      const file = join(root, name);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) return null;
      const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      return { size: found.size, body };
    },
    async list() {
      const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      const kept: KeptFile[] = [];
      for (const name of names.filter((name) => uploadedFilePattern.test(name))) {
        const found = await stat(join(root, name)).catch(() => null);
        if (found?.isFile()) kept.push({ name, writtenAt: found.mtime });
      }
      return kept;
    },
    async remove(name) {
      assertPictureName(name);
      await unlink(join(root, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    },
  };
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

async function linkOrRename(temporary: string, target: string): Promise<void> {
  try {
    await link(temporary, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EEXIST") return rename(temporary, target);
  }
  await unlink(temporary);
}
