import { useState } from "react";
import { categoryTree } from "#catalog/categories.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { ChevronDownIcon, CloseIcon } from "#web/ui/icons.tsx";
import styles from "./sidebar.module.css";

/** Small screens: categories with expandable sub-lists; choosing a link closes it (spec §4). */
export default function Sidebar({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (name: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  return (
    <div className={styles.layer}>
      <button
        type="button"
        className={styles.backdrop}
        onClick={onClose}
        aria-label={t("header.closeMenu")}
        tabIndex={-1}
      />
      <nav
        className={styles.panel}
        aria-label={t("header.categories")}
        onKeyDown={(event) => event.key === "Escape" && onClose()}
      >
        <div className={styles.head}>
          <strong>{t("header.categories")}</strong>
          <button
            type="button"
            onClick={onClose}
            aria-label={t("header.closeMenu")}
            className={styles.iconButton}
          >
            <CloseIcon />
          </button>
        </div>
        <ul className={styles.list}>
          {categoryTree.map(({ name, children }) => {
            const open = expanded.has(name);
            return (
              <li key={name}>
                <div className={styles.row}>
                  <Link to={paths.category(name)} onClick={onClose}>
                    {t(`categories.${name}`)}
                  </Link>
                  {children.length > 0 && (
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-expanded={open}
                      aria-label={t("header.showSubcategories", { name: t(`categories.${name}`) })}
                      onClick={() => toggle(name)}
                    >
                      <ChevronDownIcon className={open ? styles.arrowOpen : styles.arrow} />
                    </button>
                  )}
                </div>
                {open && (
                  <ul className={styles.subList}>
                    {children.map((child) => (
                      <li key={child}>
                        <Link to={paths.category(child)} onClick={onClose}>
                          {t(`categories.${child}`)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
