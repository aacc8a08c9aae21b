import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * Writes .br and .gz next to every text file of the browser build, so the server sends them
 * as they are (serveStatic's `precompressed`) instead of compressing on every request.
 */
const root = process.argv[2] ?? "dist/client";
const compressible = /\.(js|css|svg|json|txt|xml)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

const started = performance.now();
let count = 0;
for await (const path of textFiles(root)) {
  const content = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  count++;
}
console.log(`precompress: ${count} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
