import { categoryTree } from "#catalog/categories.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import styles from "./category-menu.module.css";

/** Wide screens: one link per top category, its sub-categories in a drop-down. */
export function CategoryMenu() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("header.categories")} className={styles.menu}>
      <ul className={styles.top}>
        {categoryTree.map(({ name, children }) => (
          <li key={name} className={styles.item}>
            <Link to={paths.category(name)} className={styles.topLink}>
              {t(`categories.${name}`)}
            </Link>
            {children.length > 0 && (
              <ul className={styles.sub}>
                {children.map((child) => (
                  <li key={child}>
                    <Link to={paths.category(child)}>{t(`categories.${child}`)}</Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
