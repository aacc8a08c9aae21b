import { useSuspenseQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { useLang, useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { useSite } from "#web/lib/site.tsx";
import { useCurrentYear } from "#web/lib/use-current-year.ts";
import { PageMeta } from "#web/ui/page-meta.tsx";
import { infoPageQuery } from "../api/get-info-page.ts";
import { fillPlaceholders, placeholderValues } from "../fill-placeholders.ts";
import type { InfoPageBlock, InfoPageSlug } from "../info-page-schema.ts";
import styles from "./info-page-view.module.css";

type Fill = (text: string) => string;

export function InfoPageView({ slug, path }: { slug: InfoPageSlug; path: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { origin } = useSite();
  const year = useCurrentYear();
  const { data: page } = useSuspenseQuery(infoPageQuery(slug, lang));
  const values = placeholderValues(origin, year);
  const fill: Fill = (text) => fillPlaceholders(text, values);
  return (
    <article className={styles.page}>
      <PageMeta title={fill(page.title)} description={fill(page.description)} path={path} />
      <h1>{fill(page.title)}</h1>
      <p className={styles.updated}>{t("infoPages.updated", { date: page.updated })}</p>
      {page.sections.map((section) => (
        <section key={section.heading}>
          <h2>{fill(section.heading)}</h2>
          {section.blocks.map((block, index) => (
            // Blocks of a fixed text never reorder: the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Block key={index} block={block} fill={fill} />
          ))}
        </section>
      ))}
    </article>
  );
}

function Block({ block, fill }: { block: InfoPageBlock; fill: Fill }) {
  switch (block.type) {
    case "p":
      return <p>{linkify(fill(block.text))}</p>;
    case "ul":
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{linkify(fill(item))}</li>
          ))}
        </ul>
      );
    case "qa":
      return (
        <details className={styles.qa}>
          <summary>{fill(block.q)}</summary>
          <p>{linkify(fill(block.a))}</p>
        </details>
      );
    case "table":
      return (
        <div className={styles.tableWrap}>
          <table>
            <thead>
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col">
                    {fill(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.join("|")}>
                  {row.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row never reorder
                    <td key={index}>{linkify(fill(cell))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/** Turns the shop's own paths written in the text (/footer/…, /derechos) into links. */
function linkify(text: string) {
  const parts = text.split(/(\/footer\/[a-z-]+|\/derechos\b)/g);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <Link key={part + String(index)} to={part}>
        {part}
      </Link>
    ) : (
      <Fragment key={part + String(index)}>{part}</Fragment>
    ),
  );
}
