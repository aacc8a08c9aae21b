import { useState } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { SearchIcon } from "#web/ui/icons.tsx";
import styles from "./search-box.module.css";
import { useSearchNavigation } from "./use-search-navigation.ts";

type SearchBoxProps = { onSearched?: () => void; autoFocus?: boolean; id: string };

/** Runs on Enter or on the magnifier. */
export function SearchBox({ onSearched, autoFocus = false, id }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const search = useSearchNavigation();
  return (
    <search className={styles.search}>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          if (search(text)) {
            setText("");
            onSearched?.();
          }
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t("search.label")}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: the overlay opens for typing; focus belongs in its box.
          autoFocus={autoFocus}
          className={styles.input}
          maxLength={100}
        />
        <button type="submit" className={styles.button} aria-label={t("search.submit")}>
          <SearchIcon size={20} />
        </button>
      </form>
    </search>
  );
}
