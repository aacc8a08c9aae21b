import { brand } from "#shared/brand.ts";
import { useLang } from "#web/lib/i18n/i18n.tsx";
import { useSite } from "#web/lib/site.tsx";

type PageMetaProps = {
  title: string;
  description: string;
  /** Path of the page without language, e.g. /detalle/12 */
  path: string;
  /** Extra query (e.g. page=2) that belongs to the canonical URL. */
  query?: Record<string, string>;
  noindex?: boolean;
  image?: string;
};

/** An address other sites can follow: the shop's own paths get its origin, an external URL stays. */
export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url}`;
}

/** Title, description, canonical and hreflang of a page; React hoists them into <head>. */
export function PageMeta({ title, description, path, query = {}, noindex = false, image }: PageMetaProps) {
  const lang = useLang();
  const { origin } = useSite();
  const urlFor = (target: "es" | "pt") => {
    const params = new URLSearchParams(query);
    if (target === "pt") params.set("lang", "pt");
    const search = params.toString();
    return `${origin}${path}${search ? `?${search}` : ""}`;
  };
  const fullTitle = title === brand.shopName ? title : `${title} | ${brand.shopName}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={urlFor(lang)} />
      <link rel="alternate" hrefLang="es" href={urlFor("es")} />
      <link rel="alternate" hrefLang="pt" href={urlFor("pt")} />
      <link rel="alternate" hrefLang="x-default" href={urlFor("es")} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={urlFor(lang)} />
      {image && <meta property="og:image" content={absoluteUrl(origin, image)} />}
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}

/** Structured data for search engines, safe to embed in HTML. */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; "<" is escaped above.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
