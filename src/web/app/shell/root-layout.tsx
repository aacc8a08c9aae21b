import { Suspense, useEffect } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { ToastArea } from "#web/ui/toast-area.tsx";
import { BuyerProtectionBadge } from "./buyer-protection-badge.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import styles from "./root-layout.module.css";

/** Spec §2: header, main, footer, the buyer-protection badge and the toast area. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  useScrollToTopOnRouteChange();
  const spinner = <Spinner fullPage label={t("common.loading")} />;
  return (
    <>
      <a href="#main" className={styles.skip}>
        {t("common.skipToContent")}
      </a>
      <Header />
      <main id="main" className={styles.main}>
        <Suspense fallback={spinner}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <BuyerProtectionBadge />
      {navigation.state === "loading" && spinner}
      <ToastArea />
    </>
  );
}

function useScrollToTopOnRouteChange() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname]);
}
