import { Hono } from "hono";
import type { Catalog } from "#catalog/catalog.ts";
import { categoryTree } from "#catalog/categories.ts";
import { guardedPatterns, infoPageSlugs, paths } from "#shared/paths.ts";

/** robots.txt and sitemap.xml, with both languages of every catalogue page. */
export function seoRoutes(catalog: Catalog, origin: string) {
  const sitemap = buildSitemap(catalog, origin);
  return new Hono()
    .get("/robots.txt", (c) => c.text(buildRobots(origin)))
    .get("/sitemap.xml", (c) => c.body(sitemap, 200, { "content-type": "application/xml; charset=utf-8" }));
}

function buildRobots(origin: string): string {
  const disallowed = [
    "/api/",
    ...guardedPatterns.map((p) => p.replace(/:.*$/, "")),
    "/producto/",
    // Signed order links (decision 032).
    "/pedido/",
  ];
  return [
    "User-agent: *",
    ...[...new Set(disallowed)].map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

function sitemapPaths(catalog: Catalog): string[] {
  const categories = categoryTree.flatMap(({ name, children }) => [name, ...children]);
  return [
    paths.home(),
    ...[...new Set(categories)].map((name) => paths.category(name)),
    ...catalog.listProducts().map((product) => paths.product(product.id)),
    ...infoPageSlugs.map((slug) => paths.footer(slug)),
    paths.rights(),
  ];
}

function buildSitemap(catalog: Catalog, origin: string): string {
  const xmlEscape = (url: string) => url.replace(/&/g, "&amp;");
  const urls = sitemapPaths(catalog).map((path) => {
    const es = xmlEscape(`${origin}${path}`);
    const pt = xmlEscape(`${origin}${path}?lang=pt`);
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="es" href="${es}"/>`,
      `<xhtml:link rel="alternate" hreflang="pt" href="${pt}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${es}"/>`,
    ].join("");
    return `<url><loc>${es}</loc>${alternates}</url><url><loc>${pt}</loc>${alternates}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join("")}</urlset>\n`;
}
