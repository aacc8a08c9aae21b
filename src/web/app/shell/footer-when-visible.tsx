import { lazy, memo } from "react";
import { WhenVisible } from "#web/ui/when-visible.tsx";

/** The id of the footer's element, which the browser watches before hydrating it. */
const FOOTER_ID = "pie";

const Footer = lazy(async () => ({ default: (await import("./footer.tsx")).Footer }));

/**
 * The footer, hydrated once it nears the viewport (issue 13; `ui/when-visible.tsx`): its code (the
 * newsletter form, the trust row, the rights) and its texts stay out of the first view. Until then
 * the server's HTML is kept as it is, and its links and newsletter form work as plain HTML (issue 10).
 *
 * Memoised: the layout re-renders on every route change, and a new element for a boundary still
 * waiting to hydrate would make React hydrate it first, so the route change (a transition) would
 * wait until the shopper scrolls down to the footer.
 */
export const FooterWhenVisible = memo(function FooterWhenVisible() {
  return (
    <WhenVisible watch={FOOTER_ID}>
      <Footer id={FOOTER_ID} />
    </WhenVisible>
  );
});
