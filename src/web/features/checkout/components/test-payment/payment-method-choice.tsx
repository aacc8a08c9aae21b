import type { PaymentMethodKind } from "#shared/api/payment-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import choice from "#web/ui/choice.module.css";

type PaymentMethodChoiceProps = {
  methods: readonly PaymentMethodKind[];
  value: PaymentMethodKind;
  onChange: (method: PaymentMethodKind) => void;
};

/** The ways this order may be paid, as radio cards (arrow keys move between them). */
export function PaymentMethodChoice({ methods, value, onChange }: PaymentMethodChoiceProps) {
  const { t } = useTranslation();
  return (
    <fieldset className={choice.choices}>
      <legend>{t("checkout.pay.methodLegend")}</legend>
      {methods.map((method) => (
        <label key={method} className={method === value ? choice.choiceActive : choice.choice}>
          <input
            type="radio"
            name="payment-method"
            value={method}
            checked={method === value}
            onChange={() => onChange(method)}
          />
          <span className={choice.choiceText}>
            <strong>{t(`checkout.pay.methods.${method}`)}</strong>
            <span>{t(`checkout.pay.methodHints.${method}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
