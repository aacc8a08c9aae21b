import { describe, expect, it } from "vitest";
import type { CatalogImportReport } from "#shared/api/back-office-catalog-contract.ts";
import { StaffApiError } from "../../api/staff-api-error.ts";
import {
  appliedLines,
  applyEffect,
  changesSomething,
  fileText,
  hideMissingHint,
  hideMissingLabel,
  importErrorMessage,
  notesShownLine,
  refusalLine,
  reportCounts,
} from "./catalog-import-labels.ts";

const group = (count: number) => ({
  count,
  ids: Array.from({ length: Math.min(count, 100) }, (_, i) => i + 1),
});

function report(counts: { added?: number; changed?: number; unchanged?: number; missing?: number }) {
  return {
    revision: 7,
    repairs: { count: 0, lines: [] },
    warnings: { count: 0, lines: [] },
    added: group(counts.added ?? 0),
    changed: group(counts.changed ?? 0),
    unchanged: group(counts.unchanged ?? 0),
    missing: group(counts.missing ?? 0),
    hidMissing: false,
  } satisfies CatalogImportReport;
}

describe("the import's report in Spanish", () => {
  it("counts what the file adds, changes, leaves and lacks, one or many", () => {
    expect(reportCounts(report({ changed: 1, unchanged: 200 }))).toBe(
      "0 nuevos, 1 cambiado, 200 sin cambios, 0 que no están en el archivo",
    );
    expect(reportCounts(report({ added: 1, changed: 2, unchanged: 12_345, missing: 1 }))).toBe(
      "1 nuevo, 2 cambiados, 12.345 sin cambios, 1 que no está en el archivo",
    );
  });

  it("offers to hide what the file lacks by its number", () => {
    expect(hideMissingLabel(3)).toBe("Ocultar los 3 productos que no están en el archivo");
    expect(hideMissingLabel(1)).toBe("Ocultar el producto que no está en el archivo");
    expect(hideMissingHint(1)).toMatch(/^Sin marcar, sigue como está\. Oculto,/);
    expect(hideMissingHint(2)).toMatch(/^Sin marcar, siguen como están\. Ocultos,/);
  });

  it("says what applying will do before it is done, hiding only when asked", () => {
    const both = report({ added: 1, changed: 2, missing: 3 });
    expect(applyEffect(both, false)).toBe("Se añadirá 1 producto y se cambiarán 2.");
    expect(applyEffect(both, true)).toBe("Se añadirá 1 producto, se cambiarán 2 y se ocultarán 3.");
    expect(applyEffect(report({ changed: 1 }), false)).toBe("Se cambiará 1.");
    expect(applyEffect(report({ missing: 2 }), false)).toBe("No cambiará nada en el catálogo.");
    expect(changesSomething(report({ unchanged: 5 }))).toBe(false);
    expect(changesSomething(report({ missing: 1 }))).toBe(true);
  });

  it("says what an applied import did, and what became of the products the file lacked", () => {
    expect(appliedLines(report({ changed: 1, unchanged: 199 }))).toEqual([
      "0 productos nuevos, 1 cambiado y 199 sin cambios.",
    ]);
    expect(appliedLines({ ...report({ added: 1, missing: 2 }), hidMissing: true })).toEqual([
      "1 producto nuevo, 0 cambiados y 0 sin cambios.",
      "Se han ocultado los 2 productos que no estaban en el archivo.",
    ]);
    expect(appliedLines(report({ missing: 1 }))).toEqual([
      "0 productos nuevos, 0 cambiados y 0 sin cambios.",
      "El producto que no está en el archivo sigue como estaba.",
    ]);
  });

  it("says why a file is refused, and when only the first errors are listed", () => {
    expect(refusalLine(1, false)).toBe("El archivo no se puede importar: tiene 1 error.");
    expect(refusalLine(3, false)).toBe("El archivo no se puede importar: tiene 3 errores.");
    expect(refusalLine(500, true)).toBe(
      "El archivo no se puede importar: tiene 500 errores o más (se muestran los 500 primeros).",
    );
  });

  it("says the importer's lines of one kind are grouped when the list holds fewer than it wrote", () => {
    expect(notesShownLine({ count: 100_000, lines: ["a", "b"] })).toBe(
      "Son 100.000 en total; los de un mismo tipo que se repite van en una sola línea, con el número y los primeros ids (2 líneas).",
    );
  });

  it("names the file with its size", () => {
    expect(fileText({ name: "catalogo.json", size: 300 })).toBe("catalogo.json (1 KB)");
    expect(fileText({ name: "catalogo.json", size: 1536 * 1024 })).toBe("catalogo.json (1,5 MB)");
  });

  it("explains the server's refusals in Spanish", () => {
    expect(importErrorMessage(new StaffApiError(413, "catalog-too-large", ""))).toMatch(/más de 50 MB/);
    expect(importErrorMessage(new StaffApiError(400, "catalog-not-json", ""))).toMatch(/no es JSON/);
    expect(importErrorMessage(new StaffApiError(403, "forbidden", ""))).toMatch(
      /Solo la persona propietaria/,
    );
    expect(importErrorMessage(new TypeError("Failed to fetch"))).toMatch(/No hay conexión/);
  });
});
