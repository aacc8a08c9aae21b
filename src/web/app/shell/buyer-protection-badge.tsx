import { useState } from "react";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { DotsIcon, ShieldIcon } from "#web/ui/icons.tsx";
import styles from "./buyer-protection-badge.module.css";

/**
 * Spec §2: trust mark, 'Protección al Comprador'; dots toggle a link menu. No rating: the badge
 * showed invented figures (issue 33), and the shop's real ones would cost every first view a
 * request and their code; they are in the footer's trust row (loaded with the footer), the menu
 * links to how reviews are checked.
 */
export function BuyerProtectionBadge() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <aside className={styles.badge} aria-label={t("badge.title")}>
      <ShieldIcon size={30} className={styles.mark} />
      <div className={styles.text}>
        <strong>{t("badge.title")}</strong>
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
            <Link to={paths.footer("como-verificamos-las-opiniones")} onClick={() => setMenuOpen(false)}>
              {t("reviews.howWeVerify")}
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
