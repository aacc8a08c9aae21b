import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { CloseIcon } from "#web/ui/icons.tsx";
import { SearchBox } from "./search-box.tsx";
import styles from "./search-overlay.module.css";

/** The small-screen search (spec §4: open/closed). */
export default function SearchOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className={styles.overlay}
      role="dialog"
      aria-modal="true"
      aria-label={t("search.label")}
      onKeyDown={(event) => event.key === "Escape" && onClose()}
    >
      <div className={styles.panel}>
        <SearchBox id="search-overlay-input" autoFocus onSearched={onClose} />
        <button type="button" className={styles.close} onClick={onClose} aria-label={t("common.close")}>
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
