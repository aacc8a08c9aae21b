import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The back office's own build (issue 30, decision 042), apart from the storefront's (vite.config.ts):
 * the browser bundle (`vite build --config vite.back-office.config.ts`) into
 * dist/back-office/client, its files under /gestion/assets/, and the server renderer
 * (`… --ssr src/web/back-office/entry-server.tsx`) into dist/back-office/server. The storefront's
 * build and first view do not change.
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [react()],
  base: "/gestion/",
  // The shop's public files (favicon, icons) are the storefront build's.
  publicDir: false,
  resolve: {
    alias: {
      // As in vite.config.ts: wouter reads the location through React 19's useSyncExternalStore.
      "use-sync-external-store/shim/index.js": fileURLToPath(
        new URL("src/web/lib/use-sync-external-store.ts", import.meta.url),
      ),
    },
  },
  css: {
    modules: {
      localsConvention: "camelCaseOnly",
      // The same short names in the server's HTML and the browser's stylesheet.
      ...(command === "build" ? { generateScopedName: "_[hash:base64:6]" } : {}),
    },
  },
  build: isSsrBuild
    ? {
        outDir: "dist/back-office/server",
        emptyOutDir: true,
        target: "node24",
        copyPublicDir: false,
      }
    : {
        outDir: "dist/back-office/client",
        emptyOutDir: true,
        manifest: true,
        assetsDir: "assets",
        // One stylesheet, linked from every page's head (the CSP allows the shop's own files).
        cssCodeSplit: false,
        modulePreload: { polyfill: false },
        target: "es2022",
        rolldownOptions: { input: "src/web/back-office/entry-client.tsx" },
      },
}));
