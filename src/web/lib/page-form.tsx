import { createContext, type ReactNode, useContext, useState } from "react";
import type { PageForm, PageFormOutcome } from "#shared/api/page-form-contract.ts";
import { useCurrentUrl } from "#web/lib/routing.tsx";

const PageFormContext = createContext<PageFormOutcome | null>(null);

/**
 * The outcome of a form posted without the script (issue 10), as the server rendered it, for the
 * page the server answered with only: once the shopper moves on inside the app, it is gone.
 */
export function PageFormProvider({
  outcome,
  children,
}: {
  outcome: PageFormOutcome | null;
  children: ReactNode;
}) {
  const { pathname, search } = useCurrentUrl();
  const [openedAt] = useState(pathname + search);
  const [movedOn, setMovedOn] = useState(false);
  // Set while rendering, as React allows for state derived from a change.
  if (!movedOn && pathname + search !== openedAt) setMovedOn(true);
  return <PageFormContext value={movedOn ? null : outcome}>{children}</PageFormContext>;
}

/** The posted form's outcome, if it was `form` and the shopper is still on the page it answered. */
export function usePageFormOutcome<F extends PageForm>(
  form: F,
): Extract<PageFormOutcome, { form: F }> | null {
  const outcome = useContext(PageFormContext);
  return outcome && isOutcomeOf(outcome, form) ? outcome : null;
}

function isOutcomeOf<F extends PageForm>(
  outcome: PageFormOutcome,
  form: F,
): outcome is Extract<PageFormOutcome, { form: F }> {
  return outcome.form === form;
}
