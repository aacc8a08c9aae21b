import { describe, expect, it } from "vitest";
import { matchPage } from "#web/app/route-table.ts";
import { canonicalPath, isKeptQuery } from "./page-address.ts";

/** The web app's own route table, as the built renderer matches paths with it. */
function routeOf(pathname: string) {
  const route = matchPage(pathname);
  if (!route) throw new Error(`no route for ${pathname}`);
  return route;
}
const canonical = (url: string) => {
  const { pathname } = new URL(url, "http://localhost");
  return canonicalPath(routeOf(pathname), pathname);
};
const kept = (url: string) => {
  const { pathname, search } = new URL(url, "http://localhost");
  return isKeptQuery(routeOf(pathname), search);
};

describe("a page's one spelling", () => {
  it("is the route's fixed segments as declared, whatever the case or a trailing slash", () => {
    expect(canonical("/PEDIDO/abc")).toBe("/pedido/abc");
    expect(canonical("/Pedido/abc/")).toBe("/pedido/abc");
    expect(canonical("/Detalle/1")).toBe("/detalle/1");
    expect(canonical("/detalle/1/")).toBe("/detalle/1");
    expect(canonical("/LOGIN")).toBe("/login");
    expect(canonical("/Datos/Personales")).toBe("/datos/personales");
    expect(canonical("/comprasrealizadas")).toBe("/comprasRealizadas");
    expect(canonical("/")).toBe("/");
  });

  it("keeps the shopper's text as typed, encoded as the shop's links encode it", () => {
    expect(canonical("/producto/Robot%20Azul")).toBe("/producto/Robot%20Azul");
    expect(canonical("/PRODUCTO/Robot Azul")).toBe("/producto/Robot%20Azul");
    expect(canonical("/categoria/Ropa%20de%20cama")).toBe("/categoria/Ropa%20de%20cama");
    expect(canonical("/CATEGORIA/Juguete")).toBe("/categoria/Juguete");
    expect(canonical("/producto/caf%c3%a9")).toBe("/producto/caf%C3%A9");
    expect(canonical("/producto/a+b")).toBe("/producto/a%2Bb");
    // A broken escape is the text itself, as the page reads it.
    expect(canonical("/producto/%E0%A4%A")).toBe("/producto/%25E0%25A4%25A");
    // ".." cannot be spelt as a segment (the browser resolves it): left as it came.
    const dots = { pattern: "/producto/:producto", params: { producto: ".." }, caching: {} };
    expect(canonicalPath(dots, "/producto/%2E%2E")).toBe("/producto/%2E%2E");
  });

  it("names no route for the spellings the router does not read as one", () => {
    for (const path of ["/%70edido/abc", "//pedido/abc", "/pedido", "/pedido/a/b"]) {
      expect(matchPage(new URL(path, "http://localhost").pathname), path).toBeUndefined();
    }
  });
});

describe("a kept page's query", () => {
  it("carries only the parameters its route declares, once each, with the values the shop writes", () => {
    expect(kept("/categoria/Juguete")).toBe(true);
    expect(kept("/categoria/Juguete?page=2")).toBe(true);
    expect(kept("/categoria/Juguete?sort=price-asc&page=12")).toBe(true);
    expect(kept("/categoria/Juguete?page=1000")).toBe(true);
    expect(kept("/producto/robot?page=3")).toBe(true);
    expect(kept("/login?recuperar")).toBe(true);
    expect(kept("/login?pedir-enlace")).toBe(true);
    expect(kept("/detalle/1?")).toBe(true);
  });

  it("is drawn for its request only with anything else", () => {
    for (const url of [
      "/detalle/1?x=1",
      "/?utm_source=news",
      "/categoria/Juguete?page=2&page=3",
      "/categoria/Juguete?page=0",
      "/categoria/Juguete?page=02",
      "/categoria/Juguete?page=1001",
      "/categoria/Juguete?sort=cheap",
      "/categoria/Juguete?%70age=2",
      "/categoria/Juguete?page=2&",
      "/producto/robot?sort=name",
      "/login?restablecer=token",
      "/login?enlace=token",
      "/login?pedir-enlace&error=expired",
      "/login?recuperar=1",
      "/login?bienvenida",
      "/detalle/1?lang=pt",
      "/checkout/fin?pedido=abc",
    ]) {
      expect(kept(url), url).toBe(false);
    }
  });

  it("is never kept for a private route, with or without its key", () => {
    expect(kept("/pedido/abc")).toBe(false);
    expect(kept("/pedido/abc?clave=x")).toBe(false);
  });
});
