import { languages } from "#shared/lang.ts";
import { useSwitchLanguage, useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "./language-switcher.module.css";

/** ES / PT: switches every text and <html lang>, remembered in a cookie. */
export function LanguageSwitcher() {
  const { t, lang: current } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  return (
    <fieldset className={styles.switcher}>
      <legend className="visually-hidden">{t("language.label")}</legend>
      {languages.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={lang === current}
          className={lang === current ? styles.active : styles.option}
          // Queries are keyed by language: the page fetches its data in the new one by itself.
          onClick={() => void switchLanguage(lang)}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
