/**
 * The architecture, checked on every test run (docs/ARCHITECTURE.md):
 * catalog ← shared ← (server | web); in web, lib/ui ← features ← app; features stay apart.
 */
module.exports = {
  forbidden: [
    { name: "no-cycles", severity: "error", from: {}, to: { circular: true } },
    {
      name: "auth-does-not-import-live",
      comment:
        "live's routes use auth's guards, so auth takes what it needs of live as a port it declares " +
        "(guest.ts's AccountChanges); the LISTEN utility both use lives in db/ (issue 29).",
      severity: "error",
      from: { path: "^src/server/auth/" },
      to: { path: "^src/server/live/" },
    },
    {
      name: "catalog-is-the-base",
      severity: "error",
      from: { path: "^src/catalog" },
      to: { path: "^src/(shared|server|web)" },
    },
    {
      name: "shared-imports-neither-side",
      severity: "error",
      from: { path: "^src/shared" },
      to: { path: "^src/(server|web)" },
    },
    {
      name: "server-never-imports-web-code",
      comment: "The server loads the built renderer at run time; it may only take types from web.",
      severity: "error",
      from: { path: "^src/server" },
      to: { path: "^src/web", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-never-imports-server",
      comment: "Save the API's type (server/shop-api.ts), by the rules below.",
      severity: "error",
      from: { path: "^src/web" },
      to: { path: "^src/server", pathNot: "^src/server/shop-api\\.ts$" },
    },
    {
      name: "web-takes-the-api-type-only",
      comment:
        "The web's typed client (web/lib/api-client.ts, hc<ShopApi>) is derived from the type of the " +
        "API's routes: one type-only import, erased from the bundle, in one place (decision 039).",
      severity: "error",
      from: { path: "^src/web" },
      to: { path: "^src/server/shop-api\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-takes-the-api-type-in-one-place",
      severity: "error",
      from: { path: "^src/web", pathNot: "^src/web/lib/api-client\\.ts$" },
      to: { path: "^src/server/shop-api\\.ts$" },
    },
    {
      name: "features-stay-apart",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/" },
      to: { path: "^src/web/features/", pathNot: "^src/web/features/$1/" },
    },
    {
      name: "lower-layers-do-not-import-features-or-app",
      severity: "error",
      from: { path: "^src/web/(lib|ui)/" },
      to: { path: "^src/web/(features|app)/" },
    },
    {
      name: "the-storefront-never-imports-the-back-office",
      comment:
        "The back office (issue 30, decision 042) is a build of its own: nothing outside " +
        "src/web/back-office imports it, so no shopper ever downloads it.",
      severity: "error",
      from: { pathNot: "^src/web/back-office/" },
      to: { path: "^src/web/back-office/" },
    },
    {
      name: "the-back-office-takes-only-lib-and-ui",
      comment:
        "The back office reuses the web's lib/ and ui/ (and shared/), never the storefront's " +
        "app/ or features/, nor its entries.",
      severity: "error",
      from: { path: "^src/web/back-office/" },
      to: { path: "^src/web/", pathNot: "^src/web/(back-office|lib|ui)/" },
    },
    {
      name: "features-do-not-import-app",
      severity: "error",
      from: { path: "^src/web/features/" },
      to: { path: "^src/web/app/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
