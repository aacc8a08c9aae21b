import { paths, SEARCH_FORM_FIELD } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import { SearchIcon } from "#web/ui/icons.tsx";
import styles from "./search-box.module.css";
import { useSearchNavigation } from "./use-search-navigation.ts";

type SearchBoxProps = { onSearched?: () => void; autoFocus?: boolean; id: string };

/**
 * Runs on Enter or on the magnifier. Before the script runs it is a plain GET form, which the
 * server sends on to /producto/{text}: what is typed early is never lost (issue 10). Blank text
 * does nothing (spec §2): the browser's own check holds it back until the script takes over.
 */
export function SearchBox({ onSearched, autoFocus = false, id }: SearchBoxProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const search = useSearchNavigation();
  return (
    <search className={styles.search}>
      <form
        className={styles.form}
        action={paths.searchForm()}
        method="get"
        noValidate={hydrated}
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          if (search(String(new FormData(form).get(SEARCH_FORM_FIELD.text) ?? ""))) {
            form.reset();
            onSearched?.();
          }
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t("search.label")}
        </label>
        <input
          id={id}
          name={SEARCH_FORM_FIELD.text}
          type="search"
          placeholder={t("search.placeholder")}
          autoComplete="off"
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: the overlay opens for typing; focus belongs in its box.
          autoFocus={autoFocus}
          className={styles.input}
          maxLength={100}
          required
          pattern=".*\S.*"
        />
        <button type="submit" className={styles.button} aria-label={t("search.submit")}>
          <SearchIcon size={20} />
        </button>
      </form>
    </search>
  );
}
