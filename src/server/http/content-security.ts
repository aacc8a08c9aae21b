import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { SCRIPT_LOADER_SOURCE } from "#shared/script-loader.ts";

/** A CSP source allowing exactly this inline text: `'sha256-…'`. */
export function hashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

/**
 * The inline code the pages may run and the inline styles they may apply (issue 13, decision
 * 026), each allowed by its hash and nothing looser: the script loader; the shop's stylesheet,
 * inlined in every page's head; and the one `<style>` each of the toast and popup libraries
 * injects when it first loads.
 */
export type InlineSources = { scripts: string[]; styles: string[] };

export function inlineSources(stylesheet: string | null): InlineSources {
  return {
    scripts: [hashSource(SCRIPT_LOADER_SOURCE)],
    // The empty text too: both libraries add their <style> element empty, then fill it, and the
    // browser checks it at each step (an empty stylesheet applies nothing).
    styles: [...(stylesheet === null ? [] : [stylesheet]), ...injectedLibraryStyles(), ""].map(hashSource),
  };
}

const require = createRequire(import.meta.url);

/**
 * The text of the `<style>` element sonner and sweetalert2 each add to the page, read from the
 * very files the browser bundle is built from (their ES module builds). A library upgrade that
 * changes how it does this fails here, at start-up and in the tests, not in a shopper's browser.
 */
export function injectedLibraryStyles(): string[] {
  return [
    styleLiteral(join(dirname(require.resolve("sonner")), "index.mjs"), /__insertCSS\("((?:[^"\\]|\\.)*)"\)/),
    styleLiteral(
      join(dirname(require.resolve("sweetalert2")), "sweetalert2.esm.all.js"),
      /\}\(document,"((?:[^"\\]|\\.)*)"\)/,
    ),
  ];
}

function styleLiteral(file: string, pattern: RegExp): string {
  const literal = pattern.exec(readFileSync(file, "utf8"))?.[1];
  if (literal === undefined) throw new Error(`No injected stylesheet found in ${file}`);
  // A double-quoted JavaScript string whose escapes are JSON's.
  const text: unknown = JSON.parse(`"${literal}"`);
  if (typeof text !== "string") throw new Error(`Unreadable injected stylesheet in ${file}`);
  return text;
}

/**
 * What Stripe.js and its Elements load (decision 034), as Stripe's security guide lists them:
 * the script and its frames from js.stripe.com, 3-D Secure and bank pages from hooks.stripe.com,
 * and its calls to api.stripe.com. Allowed only where Stripe takes the payments.
 */
export const STRIPE_SOURCES = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
} as const;

/** Third parties the pages may load from: none, or Stripe's. */
export type ThirdParties = { stripe: boolean };
