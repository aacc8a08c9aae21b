import { type Sort, sortOptions } from "#shared/api/list-options.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSearchParams } from "#web/lib/routing.tsx";
import styles from "./list-controls.module.css";

export function SortSelect({ value }: { value: Sort }) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  return (
    <label className={styles.sort}>
      <span>{t("list.sortBy")}</span>
      <select
        value={value}
        onChange={(event) =>
          setSearchParams((params) => {
            params.set("sort", event.target.value);
            params.delete("page");
            return params;
          })
        }
      >
        {sortOptions.map((option) => (
          <option key={option} value={option}>
            {t(`list.sort.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
