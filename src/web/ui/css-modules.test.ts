import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "lightningcss";
import { describe, expect, it } from "vitest";

/**
 * A class a component names but its CSS module lacks is `undefined` at run time: no error, just
 * an unstyled element. This test reads every component's CSS-module imports and checks each
 * `styles.someClass` it uses against the classes the stylesheet defines.
 */

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** A new expression each time: a shared global RegExp carries its lastIndex from file to file. */
const moduleImports = (source: string) => source.matchAll(/import (\w+) from "([^"]+\.module\.css)";/g);

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".tsx"))
    .map((entry) => join(entry.parentPath, entry.name));
}

function resolveStylesheet(component: string, specifier: string): string {
  if (specifier.startsWith("#web/")) return join(webDir, specifier.slice("#web/".length));
  return resolve(dirname(component), specifier);
}

/** Class names as the components see them (vite.config.ts: localsConvention camelCaseOnly). */
function definedClasses(stylesheet: string): Set<string> {
  const { exports } = transform({
    filename: stylesheet,
    code: readFileSync(stylesheet),
    cssModules: true,
  });
  const camelCase = (name: string) =>
    name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
  return new Set(Object.keys(exports ?? {}).map(camelCase));
}

function missingClasses(component: string): string[] {
  const source = readFileSync(component, "utf8");
  // Uses are looked for outside the import lines ("choice.module.css" is not a use).
  const code = source.replace(/^import .*$/gm, "");
  const missing: string[] = [];
  for (const [, binding, specifier] of moduleImports(source)) {
    if (!binding || !specifier) continue;
    const defined = definedClasses(resolveStylesheet(component, specifier));
    for (const [, used] of code.matchAll(new RegExp(`\\b${binding}\\.(\\w+)`, "g"))) {
      if (used && !defined.has(used)) missing.push(`${binding}.${used} (${specifier})`);
    }
  }
  return missing;
}

describe("CSS modules", () => {
  const components = componentFiles(webDir);

  it("finds the components that use CSS modules", () => {
    const styled = components.filter((file) => [...moduleImports(readFileSync(file, "utf8"))].length > 0);
    expect(styled.length).toBeGreaterThan(20);
  });

  it.each(components.map((file) => [relative(webDir, file), file]))(
    "%s uses only classes its stylesheets define",
    (_, file) => {
      expect(missingClasses(file)).toEqual([]);
    },
  );
});
