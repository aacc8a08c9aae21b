import { useState } from "react";
import { brand } from "#shared/brand.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { DotsIcon, ShieldIcon, StarIcon } from "#web/ui/icons.tsx";
import styles from "./buyer-protection-badge.module.css";

/**
 * "4,80": Spanish and Portuguese both write decimals with a comma. Not `toLocaleString`: a
 * browser's first Intl number format costs one long task of the hydration (decision 029).
 */
const rating = brand.rating.value.toFixed(2).replace(".", ",");

/** Spec §2: trust mark, 'Protección al Comprador', five stars, rating; dots toggle a link menu. */
export function BuyerProtectionBadge() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <aside className={styles.badge} aria-label={t("badge.title")}>
      <ShieldIcon size={30} className={styles.mark} />
      <div className={styles.text}>
        <strong>{t("badge.title")}</strong>
        <span className={styles.stars} role="img" aria-label={t("badge.stars", { count: 5 })}>
          {[1, 2, 3, 4, 5].map((n) => (
            <StarIcon key={n} size={12} />
          ))}
        </span>
        <span className={styles.rating}>
          {rating}/5,00 · {t("badge.ratingText")}
        </span>
      </div>
      <button
        type="button"
        className={styles.dots}
        aria-label={t("badge.menu")}
        aria-expanded={menuOpen}
        aria-controls="buyer-protection-menu"
        onClick={() => setMenuOpen((open) => !open)}
      >
        <DotsIcon size={18} />
      </button>
      {menuOpen && (
        <ul id="buyer-protection-menu" className={styles.menu}>
          <li>
            <Link to={paths.footer("cambios-devoluciones")} onClick={() => setMenuOpen(false)}>
              {t("badge.protection")}
            </Link>
          </li>
          <li>
            <Link to={paths.footer("preguntas-frecuentes")} onClick={() => setMenuOpen(false)}>
              {t("badge.reviews", { count: brand.rating.reviews })}
            </Link>
          </li>
          <li>
            <Link to={paths.footer("nota-legal")} onClick={() => setMenuOpen(false)}>
              {t("badge.certificate")}
            </Link>
          </li>
        </ul>
      )}
    </aside>
  );
}
