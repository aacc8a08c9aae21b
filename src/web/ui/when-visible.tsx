import { type ReactNode, Suspense, use, useEffect, useState } from "react";
import { useLang } from "#web/lib/i18n/i18n.tsx";

/** A promise the part waits on, and what settles it. */
type Gate = { opened: Promise<void>; open: () => void };

function createGate(): Gate {
  // On the server the part is drawn with the page.
  if (typeof document === "undefined") return { opened: Promise.resolve(), open: () => {} };
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

type WhenVisibleProps = {
  /** The id of the element the browser watches: the part's own, or one around it. */
  watch: string;
  /** A lazy component's element: its code is asked for only once the gate opens. */
  children: ReactNode;
  /** How far below the viewport it starts: a viewport's height (the footer), or only once in view. */
  ahead?: "viewport" | "none";
};

/**
 * A part of the page below the first view (the footer, a product's reviews), hydrated once it
 * nears the viewport (issue 13): its code and texts stay out of the first view, and until then the
 * server's HTML is kept as it is. Drawn at once when the watched element is not in the document (a
 * page reached in the app). A language switch redraws it at once (keyed below): the server's
 * part, in the old language, is dropped rather than hydrated with the new one.
 */
export function WhenVisible({ watch, children, ahead = "viewport" }: WhenVisibleProps) {
  const [gate] = useState(createGate);
  const lang = useLang();
  const [openedIn] = useState(lang);
  useEffect(() => {
    const element = document.getElementById(watch);
    if (!element) return gate.open();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) gate.open();
      },
      { rootMargin: ahead === "viewport" ? "100% 0px" : "0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [gate, watch, ahead]);
  useEffect(() => {
    if (lang !== openedIn) gate.open();
  }, [gate, lang, openedIn]);
  return (
    <Suspense key={lang} fallback={null}>
      <Gated gate={gate}>{children}</Gated>
    </Suspense>
  );
}

function Gated({ gate, children }: { gate: Gate; children: ReactNode }) {
  use(gate.opened);
  return children;
}
