/**
 * The architecture, checked on every test run (docs/ARCHITECTURE.md):
 * catalog ← shared ← (server | web); in web, lib/ui ← features ← app; features stay apart.
 */
module.exports = {
  forbidden: [
    { name: "no-cycles", severity: "error", from: {}, to: { circular: true } },
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
      severity: "error",
      from: { path: "^src/web" },
      to: { path: "^src/server" },
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
