import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "./quantity-selector.module.css";

type QuantitySelectorProps = { value: number; max: number; onChange: (next: number) => void };

/** 1 … max; with nothing available it is disabled. */
export function QuantitySelector({ value, max, onChange }: QuantitySelectorProps) {
  const { t } = useTranslation();
  const disabled = max < 1;
  const clamp = (next: number) => Math.min(Math.max(1, next), Math.max(1, max));
  return (
    <fieldset className={styles.selector}>
      <legend className="visually-hidden">{t("product.quantity")}</legend>
      <button
        type="button"
        onClick={() => onChange(clamp(value - 1))}
        disabled={disabled || value <= 1}
        aria-label={t("product.decrease")}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, max)}
        value={value}
        disabled={disabled}
        aria-label={t("product.quantity")}
        onChange={(event) => {
          const parsed = Number.parseInt(event.target.value, 10);
          onChange(Number.isNaN(parsed) ? 1 : clamp(parsed));
        }}
      />
      <button
        type="button"
        onClick={() => onChange(clamp(value + 1))}
        disabled={disabled || value >= max}
        aria-label={t("product.increase")}
      >
        +
      </button>
    </fieldset>
  );
}
