/** A QR code's modules as the `qrcode` library gives them: a square of dark (1) and light (0). */
export type QrModules = { size: number; get(row: number, column: number): number | boolean };

/**
 * The dark modules as one SVG path, a unit square each: the code drawn by the page itself, with
 * no canvas and no inline style (the CSP allows none), crisp at any size.
 */
export function qrPath(modules: QrModules): string {
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) squares.push(`M${column} ${row}h1v1h-1z`);
    }
  }
  return squares.join("");
}
