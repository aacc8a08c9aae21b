import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * One config for the browser bundle (`vite build`) and the server renderer
 * (`vite build --ssr src/web/entry-server.tsx`). Tests are configured in vitest.config.ts.
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [react()],
  publicDir: "public",
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
        // Every browser we serve supports <link rel="modulepreload">.
        modulePreload: { polyfill: false },
        target: "es2022",
        rolldownOptions: {
          input: "src/web/entry-client.tsx",
          // The entry exports nothing; needed to inline small common chunks below.
          preserveEntrySignatures: false,
          output: {
            // Few, larger files on the first visit (docs/decisions/011-few-initial-chunks.md):
            // everything the entry imports is one chunk, and common chunks under 4 KB are
            // copied into the pages that use them instead of being fetched on their own.
            codeSplitting: {
              groups: [{ name: "shell", tags: ["$initial"] }],
              experimentalInlineCommonChunks: { maxSize: 4096 },
            },
          },
        },
      },
}));
