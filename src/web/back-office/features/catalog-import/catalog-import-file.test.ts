import { describe, expect, it } from "vitest";
import { CATALOG_FILE_MAX_BYTES } from "#shared/api/back-office-catalog-contract.ts";
import { readCatalogFile } from "./catalog-import-file.ts";

const fileOf = (text: string, name = "catalogo.json") => new File([text], name, { type: "application/json" });

describe("a catalogue file read before it is sent", () => {
  it("keeps the text of a JSON file as it is, with its name and size", async () => {
    const text = '[{"id": 1, "texto": "Gato"}]\n';
    expect(await readCatalogFile(fileOf(text))).toEqual({
      ok: true,
      file: { name: "catalogo.json", size: text.length, text },
    });
  });

  it("refuses no file, a file that is not JSON, and an empty one", async () => {
    expect(await readCatalogFile(undefined)).toEqual({ ok: false, problem: "file-missing" });
    expect(await readCatalogFile(fileOf("id;texto\n1;Gato"))).toEqual({
      ok: false,
      problem: "file-not-json",
    });
    expect(await readCatalogFile(fileOf(""))).toEqual({ ok: false, problem: "file-not-json" });
  });

  it("refuses a file over the back office's limit without reading it", async () => {
    const big = fileOf("[]");
    Object.defineProperty(big, "size", { value: CATALOG_FILE_MAX_BYTES + 1 });
    big.text = () => Promise.reject(new Error("read"));
    expect(await readCatalogFile(big)).toEqual({ ok: false, problem: "file-too-large" });
  });

  it("says a file it cannot read is unreadable", async () => {
    const gone = fileOf("[]");
    gone.text = () => Promise.reject(new DOMException("gone", "NotReadableError"));
    expect(await readCatalogFile(gone)).toEqual({ ok: false, problem: "file-unreadable" });
  });
});
