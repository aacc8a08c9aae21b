import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link, useCurrentUrl } from "#web/lib/routing.tsx";
import styles from "./list-controls.module.css";

export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  const location = useCurrentUrl();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav className={styles.pagination} aria-label={t("list.pagination")}>
      {page > 1 && (
        <Link to={hrefFor(page - 1)} rel="prev">
          {t("list.previous")}
        </Link>
      )}
      {pages.map((target) =>
        target === page ? (
          <span key={target} aria-current="page" className={styles.current}>
            {target}
          </span>
        ) : (
          <Link key={target} to={hrefFor(target)} aria-label={t("list.goToPage", { page: target })}>
            {target}
          </Link>
        ),
      )}
      {page < pageCount && (
        <Link to={hrefFor(page + 1)} rel="next">
          {t("list.next")}
        </Link>
      )}
    </nav>
  );
}
