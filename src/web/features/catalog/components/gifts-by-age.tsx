import { useState } from "react";
import type { HomeContent } from "#shared/api/catalog-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import styles from "./gifts-by-age.module.css";
import { ProductGrid } from "./product-grid.tsx";

const SHOWN = 4;

/** Gift ideas for one age group at a time: one tab per group (spec §2's five age groups). */
export function GiftsByAge({ groups }: { groups: HomeContent["giftsByAge"] }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const current = groups[selected] ?? groups[0];
  if (!current) return null;
  return (
    <div>
      <div className={styles.tabs} role="tablist" aria-label={t("home.gifts")}>
        {groups.map(({ age }, index) => (
          <button
            key={age}
            type="button"
            role="tab"
            id={`gift-tab-${index}`}
            aria-selected={index === selected}
            aria-controls="gift-panel"
            className={index === selected ? styles.tabActive : styles.tab}
            onClick={() => setSelected(index)}
          >
            {t(`categories.${age}`)}
          </button>
        ))}
      </div>
      <div id="gift-panel" role="tabpanel" aria-labelledby={`gift-tab-${selected}`} className={styles.panel}>
        <ProductGrid products={current.products.slice(0, SHOWN)} />
        <Link className={styles.more} to={paths.category(current.age)}>
          {t("home.seeAllAge", { age: t(`categories.${current.age}`) })}
        </Link>
      </div>
    </div>
  );
}
