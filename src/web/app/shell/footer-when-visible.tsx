import { lazy, memo, Suspense, use, useEffect, useState } from "react";
import { useLang } from "#web/lib/i18n/i18n.tsx";

/** The id of the footer's element, which the browser watches before hydrating it. */
const FOOTER_ID = "pie";

const Footer = lazy(async () => ({ default: (await import("./footer.tsx")).Footer }));

/** A promise the footer waits on, and what settles it. */
type Gate = { opened: Promise<void>; open: () => void };

function createGate(): Gate {
  // On the server the footer is drawn with the page.
  if (typeof document === "undefined") return { opened: Promise.resolve(), open: () => {} };
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * The footer, hydrated once it nears the viewport (issue 13): its code (the newsletter form, the
 * trust row, the rights) and its texts stay out of the first view. Until then the server's HTML is
 * kept as it is, and its links and newsletter form work as plain HTML (issue 10).
 *
 * Memoised: the layout re-renders on every route change, and a new element for a boundary still
 * waiting to hydrate would make React hydrate it first, so the route change (a transition) would
 * wait until the shopper scrolls down to the footer.
 */
export const FooterWhenVisible = memo(function FooterWhenVisible() {
  const [gate] = useState(createGate);
  const lang = useLang();
  const [openedIn] = useState(lang);
  useEffect(() => {
    const element = document.getElementById(FOOTER_ID);
    if (!element) return gate.open();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) gate.open();
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [gate]);
  // A language switch redraws it at once (keyed below): the server's footer, in the old
  // language, is dropped rather than hydrated with the new one.
  useEffect(() => {
    if (lang !== openedIn) gate.open();
  }, [gate, lang, openedIn]);
  return (
    <Suspense key={lang} fallback={null}>
      <GatedFooter gate={gate} />
    </Suspense>
  );
});

function GatedFooter({ gate }: { gate: Gate }) {
  use(gate.opened);
  return <Footer id={FOOTER_ID} />;
}
