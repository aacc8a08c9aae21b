import { createContext, type ReactNode, useContext } from "react";
import { useLocation } from "react-router";
import type { PageForm, PageFormOutcome } from "#shared/api/page-form-contract.ts";

const PageFormContext = createContext<PageFormOutcome | null>(null);

/** The outcome of a form posted without the script (issue 10), as the server rendered it. */
export function PageFormProvider({
  outcome,
  children,
}: {
  outcome: PageFormOutcome | null;
  children: ReactNode;
}) {
  return <PageFormContext value={outcome}>{children}</PageFormContext>;
}

/**
 * The posted form's outcome, for the page the server answered with only: once the shopper moves
 * on inside the app (React Router gives the first location the key "default"), it is gone.
 */
export function usePageFormOutcome<F extends PageForm>(
  form: F,
): Extract<PageFormOutcome, { form: F }> | null {
  const outcome = useContext(PageFormContext);
  const { key } = useLocation();
  return outcome && isOutcomeOf(outcome, form) && key === "default" ? outcome : null;
}

function isOutcomeOf<F extends PageForm>(
  outcome: PageFormOutcome,
  form: F,
): outcome is Extract<PageFormOutcome, { form: F }> {
  return outcome.form === form;
}
