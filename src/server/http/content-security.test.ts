import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SCRIPT_LOADER_SOURCE } from "#shared/script-loader.ts";
import { hashSource, injectedLibraryStyles, inlineSources } from "./content-security.ts";

describe("inline sources allowed by the CSP", () => {
  it("hashes a text as a CSP source", () => {
    const digest = createHash("sha256").update("body{margin:0}").digest("base64");
    expect(hashSource("body{margin:0}")).toBe(`'sha256-${digest}'`);
  });

  it("finds the stylesheets the toast and popup libraries inject, as the browser will get them", () => {
    const [toasts, popups] = injectedLibraryStyles();
    expect(toasts).toContain("[data-sonner-toaster]");
    expect(popups).toContain(".swal2-popup");
    // The JavaScript escapes are undone: what the library puts in its <style> element.
    expect(toasts).not.toContain('\\\\"');
    expect(toasts?.endsWith("}")).toBe(true);
    expect(popups?.endsWith("}")).toBe(true);
  });

  it("allows the loader, the stylesheet, the libraries' styles and the empty one they start from", () => {
    const sources = inlineSources("main{color:red}");
    expect(sources.scripts).toEqual([hashSource(SCRIPT_LOADER_SOURCE)]);
    expect(sources.styles).toEqual([
      hashSource("main{color:red}"),
      ...injectedLibraryStyles().map(hashSource),
      hashSource(""),
    ]);
    expect(inlineSources(null).styles).toHaveLength(3);
  });
});
