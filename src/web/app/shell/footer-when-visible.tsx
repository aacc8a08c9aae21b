import { lazy, memo, Suspense, useEffect, useState } from "react";
import { useLang } from "#web/lib/i18n/i18n.tsx";

/** The id of the footer's element, which the browser watches before hydrating it. */
const FOOTER_ID = "pie";

/**
 * The footer, hydrated once it nears the viewport (issue 13): its code (the newsletter form, the
 * trust row, the rights) stays out of the first view's script. Until then the server's HTML is
 * kept as it is, and its links and newsletter form work as plain HTML (issue 10).
 */
const Footer = lazy(async () => {
  await nearViewport(FOOTER_ID);
  return { default: (await import("./footer.tsx")).Footer };
});

/**
 * Memoised: the layout re-renders on every route change, and a new element for a boundary still
 * waiting to hydrate would make React hydrate it first, so the route change (a transition) would
 * wait until the shopper scrolls down to the footer.
 */
export const FooterWhenVisible = memo(function FooterWhenVisible() {
  // Keyed by language: a switch before the footer hydrated drops the server's footer (in the old
  // language) and draws it anew, rather than hydrating old text with new.
  const lang = useLang();
  const [openedIn] = useState(lang);
  // Its element is gone once redrawn: it is shown at once rather than when scrolled to.
  useEffect(() => {
    if (lang !== openedIn) revealNow?.();
  }, [lang, openedIn]);
  return (
    <Suspense key={lang} fallback={null}>
      <Footer id={FOOTER_ID} />
    </Suspense>
  );
});

/** Set while the footer waits for the viewport: shows it at once (after a language switch). */
let revealNow: (() => void) | undefined;

/** Resolves when the element is within a screen of the viewport; at once on the server. */
function nearViewport(id: string): Promise<void> {
  const element = typeof document === "undefined" ? null : document.getElementById(id);
  if (!element || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const reveal = () => {
      observer.disconnect();
      revealNow = undefined;
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reveal();
      },
      { rootMargin: "100% 0px" },
    );
    revealNow = reveal;
    observer.observe(element);
  });
}
