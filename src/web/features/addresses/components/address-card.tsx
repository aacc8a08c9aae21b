import { regionName } from "#shared/address/regions.ts";
import type { AddressView } from "#shared/api/address-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "./address-book.module.css";

type AddressCardProps = {
  address: AddressView;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
};

/** One saved address as a label would print it, with what the shopper can do to it. */
export function AddressCard({ address, busy, onEdit, onDelete, onMakeDefault }: AddressCardProps) {
  const { t } = useTranslation();
  const who = `${address.name} ${address.lastName}`;
  return (
    <article className={address.isDefault ? styles.cardDefault : styles.card} aria-label={who}>
      <address className={styles.lines}>
        <strong>{who}</strong>
        <span>{[address.street, address.floorDoor].filter(Boolean).join(", ")}</span>
        <span>
          {address.postalCode} {address.city} ({regionName(address.country, address.region)})
        </span>
        <span>{t(`addresses.countries.${address.country}`)}</span>
        <span>{address.phone}</span>
      </address>
      {address.isDefault && <p className={styles.badge}>{t("addresses.default")}</p>}
      <div className={styles.actions}>
        {!address.isDefault && (
          <button type="button" className={styles.secondary} disabled={busy} onClick={onMakeDefault}>
            {t("addresses.makeDefault")}
          </button>
        )}
        <button type="button" className={styles.secondary} disabled={busy} onClick={onEdit}>
          {t("addresses.edit")}
        </button>
        <button type="button" className={styles.danger} disabled={busy} onClick={onDelete}>
          {t("addresses.delete")}
        </button>
      </div>
    </article>
  );
}
