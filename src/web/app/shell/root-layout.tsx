import { type ReactNode, type RefObject, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useCurrentUrl } from "#web/lib/routing.tsx";
import { useSite } from "#web/lib/site.tsx";
import { ErrorBoundary } from "#web/ui/error-boundary.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { ToastArea } from "#web/ui/toast-area.tsx";
import { BuyerProtectionBadge } from "./buyer-protection-badge.tsx";
import { FooterWhenVisible } from "./footer-when-visible.tsx";
import { Header } from "./header.tsx";
import { LiveUpdates } from "./live-updates.tsx";
import { PendingIntentRunner } from "./pending-intent-runner.tsx";
import styles from "./root-layout.module.css";
import { RouteError } from "./route-error.tsx";
import { WrongAddressNotice } from "./wrong-address-notice.tsx";

/** Spec §2: header, main, footer, the buyer-protection badge and the toast area. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useCurrentUrl();
  const { testMode } = useSite();
  // The path the document was opened at, until its page has been shown (see PageTop).
  const openedPath = useRef<string | null>(pathname);
  useMarkHydrated();
  return (
    <>
      <a href="#main" className={styles.skip}>
        {t("common.skipToContent")}
      </a>
      {testMode && <p className={styles.testMode}>{t("common.testMode")}</p>}
      <WrongAddressNotice />
      <Header />
      <main id="main" className={styles.main}>
        {/* Keyed by path: each page gets a fresh boundary, so loading shows the spinner. */}
        <ErrorBoundary key={pathname} fallback={<RouteError />}>
          <Suspense fallback={<PageLoading label={t("common.loading")} />}>
            <PageTop pathname={pathname} openedPath={openedPath} />
            {children}
          </Suspense>
        </ErrorBoundary>
      </main>
      <FooterWhenVisible />
      <BuyerProtectionBadge />
      <ToastArea />
      <PendingIntentRunner />
      <LiveUpdates />
    </>
  );
}

/** While a page's code or data loads, the document still has a title (the old page's is gone). */
function PageLoading({ label }: { label: string }) {
  return (
    <>
      <title>{label}</title>
      <Spinner fullPage label={label} />
    </>
  );
}

/**
 * `<html data-hydrated>` once the page answers to the script: until then links and forms work as
 * plain HTML (issue 10). Tests wait for it to know a page is interactive.
 */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

/**
 * Spec §2: a route change scrolls smoothly to the top. Inside the page's boundary, so it starts
 * once the new page is shown: started while its code or data loaded, the spinner's short page cut
 * the scroll short. Not for the page the document was opened at: the script comes after the shopper
 * may have scrolled (decision 025), and hydration must not take them back up.
 */
function PageTop({ pathname, openedPath }: { pathname: string; openedPath: RefObject<string | null> }) {
  useEffect(() => {
    const opened = openedPath.current === pathname;
    openedPath.current = null;
    if (!opened) window.scrollTo({ top: 0, behavior: "smooth" });
  }, [pathname, openedPath]);
  return null;
}
