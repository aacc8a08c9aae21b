import { useSuspenseQuery } from "@tanstack/react-query";
import { paths } from "#shared/paths.ts";
import { useLang, useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSearchParams } from "#web/lib/routing.tsx";
import { PageMeta } from "#web/ui/page-meta.tsx";
import { searchQuery } from "../api/search-products.ts";
import { readListParams } from "../list-params.ts";
import controls from "./list-controls.module.css";
import { Pagination } from "./pagination.tsx";
import { ProductGrid } from "./product-grid.tsx";
import styles from "./search-view.module.css";

export function SearchView({ text }: { text: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { page } = readListParams(useSearchParams()[0]);
  const { data } = useSuspenseQuery(searchQuery(text, page, lang));
  return (
    <>
      <PageMeta
        title={t("search.title", { text })}
        description={t("search.metaDescription", { text })}
        path={paths.search(text)}
        noindex
      />
      <h1 className={styles.title}>{t("search.title", { text })}</h1>
      <p className={controls.count}>{t("list.count", { count: data.total })}</p>
      {data.total === 0 ? (
        <p className={styles.empty}>{t("search.empty")}</p>
      ) : (
        <>
          <h2 className="visually-hidden">{t("list.products")}</h2>
          <ProductGrid products={data.items} priorityCount={2} />
          <Pagination page={data.page} pageCount={data.pageCount} />
        </>
      )}
    </>
  );
}
