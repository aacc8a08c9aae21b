import { lazy, Suspense, useState } from "react";
import { paths } from "#shared/paths.ts";
import { holeIds } from "#shared/personal-holes.ts";
import { LanguageSwitcher } from "#web/features/language/language-switcher.tsx";
import { SearchBox } from "#web/features/search/search-box.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { useHydrated } from "#web/lib/use-hydrated.ts";
import { CartIcon, MenuIcon, SearchIcon, UserIcon } from "#web/ui/icons.tsx";
import { Logo } from "#web/ui/logo.tsx";
import { PersonalHole } from "../personal-hole.tsx";
import { CategoryMenu } from "./category-menu.tsx";
import styles from "./header.module.css";

// Only small screens open these, and only on demand: they stay out of the first download.
const Sidebar = lazy(() => import("./sidebar.tsx"));
const SearchOverlay = lazy(() => import("#web/features/search/search-overlay.tsx"));

export function Header() {
  const { t } = useTranslation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const hydrated = useHydrated();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.mobileOnly}`}
          onClick={() => setSidebarOpen(true)}
          aria-label={t("header.openMenu")}
          aria-expanded={sidebarOpen}
        >
          <MenuIcon />
        </button>
        <Link to={paths.home()} className={styles.logo} aria-label={t("header.home")}>
          <Logo />
        </Link>
        <div id="buscar" className={styles.search}>
          <SearchBox id="header-search-input" />
        </div>
        <div className={styles.actions}>
          {hydrated ? (
            <button
              type="button"
              className={`${styles.iconButton} ${styles.mobileOnly}`}
              onClick={() => setSearchOpen(true)}
              aria-label={t("search.open")}
            >
              <SearchIcon />
            </button>
          ) : (
            // Before the script: shows the header's own search form below the bar (CSS :target).
            <a
              href="#buscar"
              className={`${styles.iconButton} ${styles.mobileOnly}`}
              aria-label={t("search.open")}
            >
              <SearchIcon />
            </a>
          )}
          <LanguageSwitcher />
          <Link to={paths.login()} className={styles.iconButton} aria-label={t("header.account")}>
            <UserIcon />
          </Link>
          <Link to={paths.checkout()} className={styles.iconButton} aria-label={t("header.cart")}>
            <CartIcon />
            <PersonalHole id={holeIds.cartBadge} />
          </Link>
        </div>
      </div>
      <CategoryMenu />
      <Suspense fallback={null}>
        {sidebarOpen && <Sidebar onClose={() => setSidebarOpen(false)} />}
        {searchOpen && <SearchOverlay onClose={() => setSearchOpen(false)} />}
      </Suspense>
    </header>
  );
}
