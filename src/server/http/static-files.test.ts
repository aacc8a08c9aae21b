import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { staticFiles } from "./static-files.ts";

const clientDir = mkdtempSync(join(tmpdir(), "static-files-"));
mkdirSync(join(clientDir, "assets"));
writeFileSync(join(clientDir, "assets", "shell-abc123.js"), "export {};\n");
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

describe("staticFiles", () => {
  const app = staticFiles(clientDir);

  it("serves a built file for a year, as it is named by its content", async () => {
    const response = await app.request("/assets/shell-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it.each(["/assets/does-not-exist.js", "/media/products/0/9999-640.avif", "/icons/none.svg"])(
    "answers a plain 404 for a missing %s, never a page or a redirect",
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/plain");
      expect(response.headers.get("cache-control")).toBe("no-store");
    },
  );
});
