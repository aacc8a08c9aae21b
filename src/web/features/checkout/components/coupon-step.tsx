import { useState } from "react";
import type { CouponRefusal } from "#shared/checkout/coupon.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import formStyles from "#web/ui/form.module.css";
import { FormField } from "#web/ui/form-field.tsx";
import styles from "./checkout.module.css";

type CouponStepProps = {
  applied: string;
  refusal: CouponRefusal | undefined;
  discountCents: number;
  checking: boolean;
  onApply: (code: string) => void;
  onDone: () => void;
};

/** An optional coupon; the server says whether it applies and what it takes off. */
export function CouponStep({ applied, refusal, checking, onApply, onDone }: CouponStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(applied);
  const accepted = applied !== "" && !refusal && !checking;
  return (
    <div className={styles.stepForm}>
      <form
        className={styles.inline}
        onSubmit={(event) => {
          event.preventDefault();
          onApply(code.trim());
        }}
      >
        <FormField
          id="coupon-code"
          label={t("checkout.couponCode")}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(event) => setCode(event.target.value)}
          error={refusal && !checking ? t(`checkout.couponRefusals.${refusal}`) : undefined}
        />
        <button type="submit" className={styles.secondary} disabled={code.trim() === "" || checking}>
          {t("checkout.apply")}
        </button>
      </form>
      {accepted && (
        <p className={styles.success} role="status">
          {t("checkout.couponApplied", { code: applied })}
        </p>
      )}
      {applied !== "" && (
        <button
          type="button"
          className={styles.link}
          onClick={() => {
            setCode("");
            onApply("");
          }}
        >
          {t("checkout.removeCoupon")}
        </button>
      )}
      <button
        type="button"
        className={formStyles.submit}
        onClick={onDone}
        disabled={Boolean(refusal) || checking}
      >
        {applied === "" ? t("checkout.continueWithoutCoupon") : t("checkout.continue")}
      </button>
    </div>
  );
}
