import { languages } from "#shared/lang.ts";
import { useSwitchLanguage, useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useCurrentUrl } from "#web/lib/routing.tsx";
import styles from "./language-switcher.module.css";

/**
 * ES / PT: switches every text and <html lang>, remembered in a cookie. Before the script runs the
 * buttons submit `?lang=` to this page, which the server answers in that language (issue 10).
 */
export function LanguageSwitcher() {
  const { t, lang: current } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const { pathname } = useCurrentUrl();
  return (
    <form method="get" action={pathname}>
      <fieldset className={styles.switcher}>
        <legend className="visually-hidden">{t("language.label")}</legend>
        {languages.map((lang) => (
          <button
            key={lang}
            type="submit"
            name="lang"
            value={lang}
            lang={lang}
            aria-pressed={lang === current}
            className={lang === current ? styles.active : styles.option}
            // Queries are keyed by language: the page fetches its data in the new one by itself.
            onClick={(event) => {
              event.preventDefault();
              void switchLanguage(lang);
            }}
          >
            {lang.toUpperCase()}
          </button>
        ))}
      </fieldset>
    </form>
  );
}
