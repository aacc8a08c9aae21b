import { randomBytes, randomUUID } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { matchPage } from "#web/app/route-table.ts";
import { createOriginPolicy } from "../http/origin-policy.ts";
import type { LimitRule } from "../http/rate-limit.ts";
import { createLogger } from "../logger.ts";
import { memoryLimits } from "../testing/memory-limits.ts";
import { sketchSite } from "../testing/sketch-renderer.ts";
import { createPageCache } from "./page-cache.ts";
import { pagesRoutes } from "./pages.routes.ts";

const ORIGIN = "http://localhost:3000";

/** The page routes as the server mounts them, drawing with the web app's own route table. */
async function pagesApp(renderLimit: LimitRule | null = null) {
  const pageCache = createPageCache();
  const pages = await pagesRoutes({
    distDir: "",
    site: sketchSite(matchPage),
    origins: createOriginPolicy({ publicUrl: ORIGIN, port: 3000 }),
    testMode: true,
    logger: createLogger({ LOG_LEVEL: "silent" }),
    apiFetch: async () => new Response(null, { status: 503 }),
    sessionUser: async () => null,
    pageCache,
    limits: memoryLimits(),
    renderLimit,
  });
  const app = new Hono().route("/", pages);
  const get = (path: string) => app.request(path, { headers: { "accept-encoding": "gzip" } });
  return { app, pageCache, get };
}

describe("paths the shop has no page for", () => {
  it("sends an unknown page home, and answers a file it does not have with 404 (issue 29)", async () => {
    const { get } = await pagesApp();
    const unknown = await get("/no-existe");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/");
    for (const path of ["/x.png", "/favicon-x.ico", "/media/no/such.webp", "/sitemap-2.xml"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).toContain("Archivo no encontrado");
    }
  });
});

describe("the visitors' page cache", () => {
  it("never keeps an order link's page, however its path is spelt (issue 28)", async () => {
    const { pageCache, get } = await pagesApp();
    const id = randomUUID();
    const link = `/pedido/${id}?clave=secreta`;
    for (const path of [
      `/PEDIDO/${id}?clave=secreta`,
      `/Pedido/${id}/?clave=secreta`,
      `/pedido/${id}/?clave=secreta`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get("location"), path).toBe(link);
    }
    for (const path of [
      link,
      `/%70edido/${id}?clave=secreta`,
      `//pedido/${id}?clave=secreta`,
      `/PEDIDO/${id}`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBeLessThan(400);
      if (answer.status === 200) expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
    }
    expect(pageCache.stats().pages).toBe(0);
  });

  it("sends a page asked for in another case on to its one address, keeping the query", async () => {
    const { pageCache, get } = await pagesApp();
    const misspelt = await get("/Detalle/1?x=1");
    expect(misspelt.status).toBe(301);
    expect(misspelt.headers.get("location")).toBe("/detalle/1?x=1");
    expect((await get("/CATEGORIA/Juguete/")).headers.get("location")).toBe("/categoria/Juguete");
    // The shopper's own text keeps its case.
    expect((await get("/producto/Robot%20Azul")).status).toBe(200);
    expect((await get("/detalle/1?x=1")).status).toBe(200);
    expect(pageCache.stats().pages).toBe(1);
    expect((await get("/detalle/1")).status).toBe(200);
    expect(pageCache.stats().pages).toBe(2);
  });

  it("keeps its size and its hits on real pages through 1,000 random query strings", async () => {
    const { pageCache, get } = await pagesApp();
    const realPages = [
      "/",
      "/detalle/1",
      "/detalle/7",
      "/categoria/Juguete",
      "/categoria/Juguete?page=2",
      "/categoria/Juguete?sort=price-asc&page=2",
      "/producto/robot",
      "/footer/envios",
      "/login",
      "/login?recuperar",
      "/pedidos",
    ];
    for (const path of [...realPages, ...realPages]) expect((await get(path)).status, path).toBe(200);
    const before = pageCache.stats();
    expect(before.pages).toBe(realPages.length);

    const randomQuery = () => {
      const [name, value] = [randomBytes(4).toString("hex"), randomBytes(6).toString("base64url")];
      const shapes = [
        `?${name}=${value}`,
        `?utm_source=${value}`,
        `?page=${value}`,
        `?sort=${name}`,
        `?${name}`,
      ];
      return shapes[Math.floor(Math.random() * shapes.length)] ?? "";
    };
    for (let index = 0; index < 1000; index++) {
      const path = `${realPages[index % realPages.length]?.split("?")[0]}${randomQuery()}`;
      expect((await get(path)).status, path).toBe(200);
    }
    for (const path of realPages) await get(path);

    const after = pageCache.stats();
    expect({ pages: after.pages, bytes: after.bytes, renders: after.renders }).toEqual({
      pages: before.pages,
      bytes: before.bytes,
      renders: before.renders,
    });
    // Every real page asked for again was sent from the cache.
    expect(after.hits - before.hits).toBe(realPages.length);
  });
});

describe("pages drawn per address", () => {
  it("are limited, with the shop's message in the page's language, while kept pages still go out", async () => {
    const { get } = await pagesApp({ limit: 3, windowMs: 60_000 });
    for (const path of ["/detalle/1", "/detalle/1", "/detalle/2?x=1", "/detalle/3?x=1"]) {
      expect((await get(path)).status, path).toBe(200);
    }
    const refused = await get("/detalle/4");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.headers.get("content-type")).toContain("text/html");
    expect(await refused.text()).toContain("Hemos recibido demasiadas peticiones desde tu conexión");
    expect(await (await get("/detalle/5?lang=pt")).text()).toContain("Recebemos demasiados pedidos");
    expect((await get("/detalle/1")).status).toBe(200);
  });
});

describe("a page form's body", () => {
  const paths = ["/", "/login", "/checkout", "/detalle/1", `/pedido/${randomUUID()}?clave=x`, "/robots.txt"];
  const post = (app: Hono, path: string, type: string, body: string) =>
    app.request(path, { method: "POST", headers: { origin: ORIGIN, "content-type": type }, body });

  it("that does not parse is refused with 400 and the shop's message, not a server error (issue 28)", async () => {
    const { app } = await pagesApp();
    for (const path of paths) {
      for (const type of [
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        'multipart/form-data; boundary=""',
      ]) {
        const answer = await post(app, path, type, "garbage\r\n--x\r\n%ZZ");
        expect(answer.status, `${path} ${type}`).toBe(400);
        expect(answer.headers.get("content-type")).toContain("text/html");
        expect(await answer.text()).toContain("No hemos podido leer el formulario enviado");
      }
    }
    const portuguese = await post(app, "/login?lang=pt", "multipart/form-data", "garbage");
    expect(await portuguese.text()).toContain("Não foi possível ler o formulário enviado");
  });

  it("that is no form (JSON, text, an unknown form) is refused alike", async () => {
    const { app } = await pagesApp();
    for (const [type, body] of [
      ["application/json", '{"form":"sign-in"}'],
      ["text/plain", "form=sign-in"],
      ["application/x-www-form-urlencoded", "form=nope&email=a"],
      ["application/x-www-form-urlencoded", "%ZZ=%&&="],
    ] as const) {
      const answer = await post(app, "/login", type, body);
      expect(answer.status, `${type} ${body}`).toBe(400);
      expect(await answer.text()).toContain("No hemos podido leer el formulario enviado");
    }
  });
});
