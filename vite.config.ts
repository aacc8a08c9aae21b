import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The modules the catalogue's pages share (cards, pictures, prices, list controls, page meta). */
const catalogShared = new RegExp(
  [
    "/src/web/features/catalog/(list-params|components/(product-grid|product-card|purchase-buttons|pagination|sort-select))",
    "/src/web/ui/(page-meta|price|product-image|quantity-selector|stock-label|not-found)",
    "/src/web/app/page-module",
    "/src/shared/money",
    "/@tanstack/react-query/.*/useSuspenseQuery",
  ].join("|"),
);

const notTheEntry = (id: string) => !id.endsWith("/src/web/entry-client.tsx");

/**
 * One config for the browser bundle (`vite build`) and the server renderer
 * (`vite build --ssr src/web/entry-server.tsx`). Tests are configured in vitest.config.ts.
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [react()],
  publicDir: "public",
  resolve: {
    alias: {
      // wouter reads the location through the shim of useSyncExternalStore, which React 19 has.
      "use-sync-external-store/shim/index.js": fileURLToPath(
        new URL("src/web/lib/use-sync-external-store.ts", import.meta.url),
      ),
    },
  },
  css: {
    modules: {
      localsConvention: "camelCaseOnly",
      // Short class names in the build: they travel in the HTML, the CSS and the JS.
      ...(command === "build" ? { generateScopedName: "_[hash:base64:6]" } : {}),
    },
  },
  build: isSsrBuild
    ? { outDir: "dist/server", emptyOutDir: true, target: "node24", copyPublicDir: false }
    : {
        outDir: "dist/client",
        emptyOutDir: true,
        manifest: true,
        // One small stylesheet for the whole shop: no flash of unstyled content on lazily
        // loaded pages, and it is cached after the first visit.
        cssCodeSplit: false,
        // No preload helper around dynamic imports (decision 011): a catalogue page's module
        // needs only the shell and page-meta, both in the first view; the first page's modules
        // are preloaded by the server's HTML.
        modulePreload: false,
        target: "es2022",
        rolldownOptions: {
          input: "src/web/entry-client.tsx",
          // The entry exports nothing; needed to inline small common chunks below.
          preserveEntrySignatures: false,
          output: {
            // Few, larger files on the first visit (docs/decisions/011-few-initial-chunks.md):
            // everything the entry imports is one chunk, and what the catalogue's pages share
            // another, so a page fetches the shell, that chunk, its own module and its texts.
            codeSplitting: {
              groups: [
                // The entry's own code stays in its chunk: its top-level await imports the page,
                // which imports the shell, so in the shell it would wait for itself.
                { name: "shell", tags: ["$initial"], test: notTheEntry, priority: 2 },
                { name: "catalog", test: catalogShared, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
}));
