import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { directoryPictureStore } from "./directory-store.ts";
import { readBytes } from "./picture-store.ts";

const dataDir = mkdtempSync(join(tmpdir(), "picture-store-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const name = (n: number) => `${String(n).padStart(32, "0")}.w640.webp`;

describe("directoryPictureStore", () => {
  const root = join(dataDir, "media", "uploads");
  const store = directoryPictureStore(root);

  it("makes its directory, keeps a file under its name and reads it back", async () => {
    expect(await store.read(name(1))).toBeNull();
    expect(await store.stat(name(1))).toBeNull();
    await store.put(name(1), Buffer.from("one"));
    expect(readFileSync(join(root, name(1)), "utf8")).toBe("one");
    expect(await store.stat(name(1))).toEqual({ size: 3 });
    expect((await readBytes(store, name(1)))?.toString()).toBe("one");
  });

  it("never replaces a kept file, even when the same name is written many times at once", async () => {
    await store.put(name(2), Buffer.from("first"));
    await store.put(name(2), Buffer.from("second"));
    expect(readFileSync(join(root, name(2)), "utf8")).toBe("first");
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.put(name(3), Buffer.from(`writer ${i}`))));
    expect(readFileSync(join(root, name(3)), "utf8")).toMatch(/^writer \d+$/);
    // No temporary file is left behind.
    expect(readdirSync(root).filter((file) => file.startsWith("."))).toEqual([]);
  });

  it("refuses any name but a picture file's", async () => {
    for (const bad of ["../escape.webp", "notes.txt", `${name(4)}/x`, `.${name(4)}.tmp`, ""]) {
      await expect(store.put(bad, Buffer.from("x")), bad).rejects.toThrow(/not a picture file name/);
      await expect(store.read(bad), bad).rejects.toThrow(/not a picture file name/);
      await expect(store.stat(bad), bad).rejects.toThrow(/not a picture file name/);
    }
    expect(readdirSync(dataDir)).toEqual(["media"]);
  });

  it("lists its picture files with when they were written, and removes one (gone already: no error)", async () => {
    const other = directoryPictureStore(join(dataDir, "listed"));
    expect(await other.list()).toEqual([]);
    await other.put(name(7), Buffer.from("seven"));
    await other.put(name(8), Buffer.from("eight"));
    // Not a picture's name (a temporary file, a stray one): never listed, never removed.
    writeFileSync(join(dataDir, "listed", "notes.txt"), "x");
    const old = new Date("2026-01-02T03:04:05Z");
    utimesSync(join(dataDir, "listed", name(7)), old, old);
    const listed = await other.list();
    expect(listed.map(({ name }) => name).sort()).toEqual([name(7), name(8)]);
    expect(listed.find((file) => file.name === name(7))?.writtenAt.toISOString()).toBe(old.toISOString());
    await other.remove(name(7));
    await other.remove(name(7));
    expect(readdirSync(join(dataDir, "listed")).sort()).toEqual([name(8), "notes.txt"]);
    await expect(other.remove("../notes.txt")).rejects.toThrow(/not a picture file name/);
  });

  it("counts a file uploaded again as new (its week before a sweep starts again)", async () => {
    const old = new Date("2026-01-02T03:04:05Z");
    await store.put(name(9), Buffer.from("nine"));
    utimesSync(join(root, name(9)), old, old);
    await store.put(name(9), Buffer.from("nine"));
    expect(statSync(join(root, name(9))).mtime.getTime()).toBeGreaterThan(old.getTime());
  });
});
