import { useSuspenseQuery } from "@tanstack/react-query";
import { paths } from "#shared/paths.ts";
import { useLang, useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useParams, useSearchParams } from "#web/lib/routing.tsx";
import { NotFoundPage } from "#web/ui/not-found-page.tsx";
import { PageMeta } from "#web/ui/page-meta.tsx";
import { ProductImage } from "#web/ui/product-image.tsx";
import { categoryPageQuery } from "../api/get-category-page.ts";
import { readListParams } from "../list-params.ts";
import styles from "./category-view.module.css";
import controls from "./list-controls.module.css";
import { Pagination } from "./pagination.tsx";
import { ProductGrid } from "./product-grid.tsx";
import { SortSelect } from "./sort-select.tsx";

export function CategoryView() {
  const { t } = useTranslation();
  const lang = useLang();
  const name = useParams().categoria ?? "";
  const [searchParams] = useSearchParams();
  const { sort, page } = readListParams(searchParams);
  const { data } = useSuspenseQuery(categoryPageQuery({ name, sort, page, lang }));
  if (!data) return <NotFoundPage kind="category" />;
  const title = t(`categories.${data.category.name}`);
  return (
    <>
      <PageMeta
        title={page > 1 ? t("list.titleWithPage", { title, page }) : title}
        description={data.category.description}
        path={paths.category(data.category.name)}
        query={page > 1 ? { page: String(page) } : {}}
      />
      <header className={styles.header}>
        <div>
          <h1>{title}</h1>
          <p>{data.category.description}</p>
        </div>
        <ProductImage src={data.category.image} alt="" sizes="160px" priority className={styles.art} />
      </header>
      <div className={controls.toolbar}>
        <span className={controls.count}>{t("list.count", { count: data.total })}</span>
        <SortSelect value={sort} />
      </div>
      <h2 className="visually-hidden">{t("list.products")}</h2>
      <ProductGrid products={data.items} priorityCount={2} />
      <Pagination page={data.page} pageCount={data.pageCount} />
    </>
  );
}
