import { createContext, type ReactNode, useContext, useState } from "react";
import type { PageForm, PageFormOutcome } from "#shared/api/page-form-contract.ts";
import { useCurrentUrl } from "#web/lib/routing.tsx";

/** The outcome at a location: itself at the page it answered, null once the shopper moved on. */
type OutcomeAt = (url: string) => PageFormOutcome | null;

const PageFormContext = createContext<OutcomeAt>(() => null);

function outcomeAt(outcome: PageFormOutcome | null, openedAt: string): OutcomeAt {
  let movedOn = false;
  return (url) => {
    if (url !== openedAt) movedOn = true;
    return movedOn ? null : outcome;
  };
}

/**
 * The outcome of a form posted without the script (issue 10), as the server rendered it, for the
 * page the server answered with only: once the shopper moves on inside the app, it is gone, also
 * when they come back. The context's value never changes: a change would make React hydrate the
 * footer, which waits for the viewport, before the route change that caused it.
 */
export function PageFormProvider({
  outcome,
  children,
}: {
  outcome: PageFormOutcome | null;
  children: ReactNode;
}) {
  const { pathname, search } = useCurrentUrl();
  const [at] = useState(() => outcomeAt(outcome, pathname + search));
  // Rendered on every move (it reads the location), it notes the first one.
  at(pathname + search);
  return <PageFormContext value={at}>{children}</PageFormContext>;
}

/** The posted form's outcome, if it was `form` and the shopper is still on the page it answered. */
export function usePageFormOutcome<F extends PageForm>(
  form: F,
): Extract<PageFormOutcome, { form: F }> | null {
  const { pathname, search } = useCurrentUrl();
  const outcome = useContext(PageFormContext)(pathname + search);
  return outcome && isOutcomeOf(outcome, form) ? outcome : null;
}

function isOutcomeOf<F extends PageForm>(
  outcome: PageFormOutcome,
  form: F,
): outcome is Extract<PageFormOutcome, { form: F }> {
  return outcome.form === form;
}
