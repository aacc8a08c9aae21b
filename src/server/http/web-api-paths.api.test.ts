import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/test-app.ts";

/**
 * The browser calls the API through a client typed by the routes (decision 039): tsc checks
 * those calls (web/lib/api-client.types.test.ts). What is still written as a path is checked here:
 * links and form actions (documents, social sign-in), and better-auth's endpoints, which sit behind
 * one wildcard route, so each is also asked of better-auth itself.
 */
const webDir = fileURLToPath(new URL("../../web", import.meta.url));
/** The form runner posts to the API by path too (it is part of the app `ShopApi` describes). */
const pageFormsFile = fileURLToPath(new URL("../forms/page-forms.ts", import.meta.url));
const authEndpointsFile = fileURLToPath(new URL("../../shared/api/auth-endpoints.ts", import.meta.url));

/** better-auth's endpoints by their shared contract: the POSTs, then (after `AuthGet`) the GETs. */
function authEndpoints(): { method: "GET" | "POST"; path: string }[] {
  const [posts = "", gets = ""] = readFileSync(authEndpointsFile, "utf8").split("export type AuthGet");
  const paths = (text: string) =>
    [...text.matchAll(/"(\/api\/auth\/[^"]+)"/g)].map((match) => match[1] ?? "");
  return [
    ...paths(posts).map((path) => ({ method: "POST" as const, path })),
    ...paths(gets).map((path) => ({ method: "GET" as const, path })),
  ];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every "/api/…" the web's code names, with `${…}` parts as ":param" and no query string. */
function calledPaths(): Map<string, string> {
  const called = new Map<string, string>();
  for (const file of [...sourceFiles(webDir), pageFormsFile]) {
    const text = readFileSync(file, "utf8");
    for (const [literal] of text.matchAll(/["`]\/api\/[^"`]*["`]/g)) {
      const path = literal
        .slice(1, -1)
        .replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, ":param")
        .replace(/\?.*$/, "");
      called.set(path, file.slice(webDir.length + 1));
    }
  }
  return called;
}

/** A called path's segments against a route's: a parameter on either side matches any segment. */
function matches(called: string, route: string): boolean {
  const a = called.split("/");
  const b = route.split("/");
  if (b.at(-1) === "*") return a.slice(0, b.length - 1).every((part, i) => same(part, b[i] ?? ""));
  return a.length === b.length && a.every((part, i) => same(part, b[i] ?? ""));
}
const same = (called: string, route: string) =>
  called === route || called.startsWith(":") || route.startsWith(":");

let api: TestApi;
/** The server's routes (not its middleware, which Hono lists for every path). */
const served = () => [
  ...api.routes.filter((route) => route.method !== "ALL").map((route) => route.path),
  // Better-auth's endpoints sit behind one wildcard route.
  "/api/auth/*",
];

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe("the web's API paths", () => {
  it("are all answered by a route of the server", () => {
    const routes = served();
    const called = calledPaths();
    expect(called.size).toBeGreaterThan(20);
    const unknown = [...called].filter(([path]) => !routes.some((route) => matches(path, route)));
    expect(unknown).toEqual([]);
  });

  it("name better-auth endpoints that better-auth has, by their method", async () => {
    const endpoints = authEndpoints();
    expect(endpoints.length).toBeGreaterThan(10);
    const ask = ({ method, path }: { method: string; path: string }) =>
      api.request(
        path,
        method === "POST" ? { method, headers: { "content-type": "application/json" }, body: "{}" } : {},
      );
    const statuses = await Promise.all(
      endpoints.map(async (endpoint) => [endpoint.path, (await ask(endpoint)).status]),
    );
    expect(statuses.filter(([, status]) => status === 404)).toEqual([]);
    // Not a check that passes for any path: better-auth answers 404 for an endpoint it lacks.
    expect((await ask({ method: "POST", path: "/api/auth/sign-in/emails" })).status).toBe(404);
  });

  it("would notice a path the server does not have", () => {
    const routes = served();
    expect(routes.some((route) => matches("/api/cart/:param", route))).toBe(true);
    expect(routes.some((route) => matches("/api/carts/:param", route))).toBe(false);
    expect(routes.some((route) => matches("/api/orders/:param/refund", route))).toBe(false);
  });
});
