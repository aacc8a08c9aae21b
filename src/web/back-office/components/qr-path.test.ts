import { describe, expect, it } from "vitest";
import { qrPath } from "./qr-path.ts";

describe("a QR code drawn as a path", () => {
  it("draws one unit square per dark module, at its column and row", () => {
    const dark = new Set(["0,0", "1,2"]);
    const modules = { size: 3, get: (row: number, column: number) => dark.has(`${row},${column}`) };
    expect(qrPath(modules)).toBe("M0 0h1v1h-1zM2 1h1v1h-1z");
  });
});
