import {
  type ShippingMethod,
  shippingCents,
  shippingMethods,
  shippingRates,
} from "#shared/checkout/shipping.ts";
import type { ShippingZone } from "#shared/checkout/zones.ts";
import { formatPrice } from "#shared/money.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import choice from "#web/ui/choice.module.css";
import formStyles from "#web/ui/form.module.css";
import { Price } from "#web/ui/price.tsx";
import styles from "./checkout.module.css";

type ShippingStepProps = {
  zone: ShippingZone;
  /** Goods after discount: standard shipping is free from the zone's threshold. */
  goodsCents: number;
  value: ShippingMethod;
  onChange: (method: ShippingMethod) => void;
  onDone: () => void;
};

export function ShippingStep({ zone, goodsCents, value, onChange, onDone }: ShippingStepProps) {
  const { t, lang } = useTranslation();
  const rates = shippingRates[zone];
  const missing = rates.freeStandardFromCents - goodsCents;
  return (
    <div className={styles.stepForm}>
      <fieldset className={choice.choices}>
        <legend>{t(`checkout.zones.${zone}`)}</legend>
        {shippingMethods.map((method) => {
          const cents = shippingCents(zone, method, goodsCents);
          const [min, max] = rates[method].days;
          return (
            <label key={method} className={method === value ? choice.choiceActive : choice.choice}>
              <input
                type="radio"
                name="shipping-method"
                checked={method === value}
                onChange={() => onChange(method)}
              />
              <span className={choice.choiceText}>
                <strong>{t(`checkout.methods.${method}`)}</strong>
                <span>
                  {min === max ? t("checkout.days", { count: min }) : t("checkout.daysRange", { min, max })}
                </span>
              </span>
              <strong>{cents === 0 ? t("checkout.free") : <Price cents={cents} />}</strong>
            </label>
          );
        })}
      </fieldset>
      {missing > 0 && (
        <p className={styles.hint}>{t("checkout.freeFrom", { amount: formatPrice(missing, lang) })}</p>
      )}
      <button type="button" className={formStyles.submit} onClick={onDone}>
        {t("checkout.continue")}
      </button>
    </div>
  );
}
