import type { ReactNode } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "./checkout.module.css";

export type AddressPicker = (props: { value: string | null; onChange: (id: string) => void }) => ReactNode;

type AddressStepProps = {
  /** The address chooser, supplied by the page (addresses feature). */
  renderPicker: AddressPicker;
  value: string | null;
  onChange: (id: string) => void;
  onDone: () => void;
};

/** Where the order goes: one of the shopper's addresses, chosen before going on. */
export function AddressStep({ renderPicker, value, onChange, onDone }: AddressStepProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.stepForm}>
      {renderPicker({ value, onChange })}
      <button type="button" className={styles.primary} disabled={!value} onClick={onDone}>
        {t("checkout.continue")}
      </button>
    </div>
  );
}
