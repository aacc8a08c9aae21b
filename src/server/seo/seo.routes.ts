import { Hono } from "hono";
import type { Catalog } from "#catalog/catalog.ts";
import { categoryTree } from "#catalog/categories.ts";
import { guardedPatterns, infoPageSlugs, paths } from "#shared/paths.ts";

/** The protocol's most URLs in one sitemap file (sitemaps.org): beyond it, an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;
/** Each path is listed twice (ES and PT), so a part holds half as many paths. */
const PATHS_PER_PART = SITEMAP_MAX_URLS / 2;

const xmlHeaders = { "content-type": "application/xml; charset=utf-8" };

/**
 * robots.txt and the sitemap, with both languages of every catalogue page, drawn from the live
 * catalogue once per revision (decision 053). Up to 50,000 URLs it is one `/sitemap.xml`; past
 * that, `/sitemap.xml` is the index of `/sitemaps/N.xml`, as the protocol requires.
 */
export function seoRoutes(catalog: Catalog, origin: string, pathsPerPart = PATHS_PER_PART) {
  const allPaths = () => catalog.memo("sitemap|paths", () => sitemapPaths(catalog));
  const partCount = () => Math.ceil(allPaths().length / pathsPerPart);
  return new Hono()
    .get("/robots.txt", (c) => c.text(buildRobots(origin)))
    .get("/sitemap.xml", (c) => {
      const { xml } = catalog.memo("sitemap|root", () => ({
        xml: partCount() <= 1 ? buildSitemap(allPaths(), origin) : buildSitemapIndex(partCount(), origin),
      }));
      return c.body(xml, 200, xmlHeaders);
    })
    .get("/sitemaps/:part{[1-9][0-9]{0,5}\\.xml}", (c) => {
      const part = Number.parseInt(c.req.param("part"), 10);
      if (partCount() <= 1 || part > partCount()) return c.notFound();
      const { xml } = catalog.memo(`sitemap|part|${part}`, () => ({
        xml: buildSitemap(allPaths().slice((part - 1) * pathsPerPart, part * pathsPerPart), origin),
      }));
      return c.body(xml, 200, xmlHeaders);
    });
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

const xmlEscape = (url: string) => url.replace(/&/g, "&amp;");

function buildSitemapIndex(parts: number, origin: string): string {
  const entries = Array.from(
    { length: parts },
    (_, index) => `<sitemap><loc>${xmlEscape(`${origin}/sitemaps/${index + 1}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join("")}</sitemapindex>\n`;
}

function buildSitemap(paths: readonly string[], origin: string): string {
  const urls = paths.map((path) => {
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
