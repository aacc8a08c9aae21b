import { useEffect, useState } from "react";
import { regionName } from "#shared/address/regions.ts";
import type { AddressForm } from "#shared/api/address-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import choice from "#web/ui/choice.module.css";
import { Spinner } from "#web/ui/spinner.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { useAddresses, useChangeAddresses } from "../api/address-calls.ts";
import styles from "./address-book.module.css";
import { AddressEditor, emptyAddress } from "./address-editor.tsx";

type AddressPickerProps = { value: string | null; onChange: (id: string) => void };

/** Checkout's delivery step: one of the saved addresses, or a new one (which is saved too). */
export function AddressPicker({ value, onChange }: AddressPickerProps) {
  const { t } = useTranslation();
  const { data } = useAddresses();
  const change = useChangeAddresses();
  const [adding, setAdding] = useState(false);
  const items = data?.items ?? [];
  const chosen = items.find((item) => item.id === value);

  // Nothing chosen yet (or the chosen one was deleted elsewhere): start from the default.
  useEffect(() => {
    const first = items[0];
    if (!chosen && first) onChange(first.id);
  }, [chosen, items, onChange]);

  if (!data) return <Spinner label={t("common.loading")} />;

  async function add(form: AddressForm) {
    try {
      const before = new Set(items.map((item) => item.id));
      const after = await change.mutateAsync({ kind: "create", form, makeDefault: false });
      const created = after.items.find((item) => !before.has(item.id));
      if (created) onChange(created.id);
      setAdding(false);
    } catch {
      notify(t("account.errors.generic"), "error");
    }
  }

  return (
    <div className={styles.picker}>
      {items.length > 0 && (
        <fieldset className={choice.choices}>
          <legend className="visually-hidden">{t("addresses.chooseForDelivery")}</legend>
          {items.map((address) => (
            <label key={address.id} className={address.id === value ? choice.choiceActive : choice.choice}>
              <input
                type="radio"
                name="delivery-address"
                checked={address.id === value}
                onChange={() => onChange(address.id)}
              />
              <span>
                <strong>
                  {address.name} {address.lastName}
                </strong>
                <br />
                {[address.street, address.floorDoor].filter(Boolean).join(", ")}, {address.postalCode}{" "}
                {address.city} ({regionName(address.country, address.region)}),{" "}
                {t(`addresses.countries.${address.country}`)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {adding || items.length === 0 ? (
        <AddressEditor
          title={t("addresses.newTitle")}
          initial={emptyAddress}
          offerDefault={false}
          onSave={add}
          onCancel={items.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : (
        <button type="button" className={styles.add} onClick={() => setAdding(true)}>
          {t("addresses.add")}
        </button>
      )}
    </div>
  );
}
