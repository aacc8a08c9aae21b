import type { ReactNode } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { checkoutSteps, type CheckoutStep as StepName, useCheckoutStore } from "../checkout-store.ts";
import styles from "./checkout.module.css";

type CheckoutStepProps = {
  name: StepName;
  /** What was chosen, shown once the step is done, with a way back to it. */
  summary: ReactNode;
  /** The step's form, shown while it is the current one. */
  children: ReactNode;
};

/** One numbered step of the checkout: done (its summary), current (its form) or still to come. */
export function CheckoutStep({ name, summary, children }: CheckoutStepProps) {
  const { t } = useTranslation();
  const current = useCheckoutStore((state) => checkoutSteps.indexOf(state.step));
  const goTo = useCheckoutStore((state) => state.goTo);
  const index = checkoutSteps.indexOf(name);
  const status = index < current ? "done" : index === current ? "current" : "next";
  return (
    <li className={styles[status]} aria-current={status === "current" ? "step" : undefined}>
      <h2 className={styles.stepTitle}>
        <span className={styles.stepNumber}>{index + 2}</span> {t(`checkout.steps.${name}`)}
      </h2>
      {status === "done" && (
        <div className={styles.stepSummary}>
          <div>{summary}</div>
          <button type="button" className={styles.link} onClick={() => goTo(name)}>
            {t("checkout.change")}
          </button>
        </div>
      )}
      {status === "current" && children}
    </li>
  );
}
