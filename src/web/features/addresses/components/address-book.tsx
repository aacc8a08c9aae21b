import { useRef, useState } from "react";
import { ADDRESS_LIMIT, type AddressForm, type AddressView } from "#shared/api/address-contract.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { confirmDestructive } from "#web/ui/confirm-dialog.ts";
import { Spinner } from "#web/ui/spinner.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { type AddressChange, useAddresses, useChangeAddresses } from "../api/address-calls.ts";
import styles from "./address-book.module.css";
import { AddressCard } from "./address-card.tsx";
import { AddressEditor, emptyAddress } from "./address-editor.tsx";

/** Which form is open: none, a new address, or the one with this id. */
type Editing = null | "new" | string;

/** /direccion: the shopper's saved addresses, the default one first. */
export function AddressBook() {
  const { t } = useTranslation();
  const { data } = useAddresses();
  const change = useChangeAddresses();
  const [editing, setEditing] = useState<Editing>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  if (!data) return <Spinner label={t("common.loading")} />;
  const { items } = data;

  async function apply(request: AddressChange, done: string): Promise<boolean> {
    try {
      await change.mutateAsync(request);
      notify(t(done), "success");
      return true;
    } catch (error) {
      notify(t(errorMessageKey(error)), "error");
      return false;
    }
  }

  const save = (id: string | undefined) => async (form: AddressForm, makeDefault: boolean) => {
    const request: AddressChange = id ? { kind: "update", id, form } : { kind: "create", form, makeDefault };
    if (await apply(request, "addresses.saved")) {
      setEditing(null);
      // The form is gone: bring the shopper (and their screen reader) back to the list.
      heading.current?.focus();
    }
  };

  async function remove(address: AddressView) {
    const confirmed = await confirmDestructive({
      title: t("addresses.confirmDeleteTitle"),
      text: `${address.street}, ${address.postalCode} ${address.city}`,
      confirm: t("addresses.confirmDelete"),
      cancel: t("addresses.cancel"),
    });
    if (confirmed) await apply({ kind: "delete", id: address.id }, "addresses.deleted");
  }

  return (
    <section className={styles.book}>
      <h1 ref={heading} tabIndex={-1}>
        {t("addresses.title")}
      </h1>
      {items.length === 0 && editing !== "new" && <p className={styles.empty}>{t("addresses.empty")}</p>}
      <ul className={styles.list}>
        {items.map((address) => (
          <li key={address.id}>
            {editing === address.id ? (
              <AddressEditor
                title={t("addresses.editTitle")}
                initial={withoutMeta(address)}
                offerDefault={false}
                onSave={save(address.id)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <AddressCard
                address={address}
                busy={change.isPending}
                onEdit={() => setEditing(address.id)}
                onDelete={() => void remove(address)}
                onMakeDefault={() =>
                  void apply({ kind: "default", id: address.id }, "addresses.defaultChanged")
                }
              />
            )}
          </li>
        ))}
      </ul>
      {editing === "new" ? (
        <AddressEditor
          title={t("addresses.newTitle")}
          initial={emptyAddress}
          offerDefault={items.length > 0}
          onSave={save(undefined)}
          onCancel={() => setEditing(null)}
        />
      ) : items.length < ADDRESS_LIMIT ? (
        <button type="button" className={styles.add} onClick={() => setEditing("new")}>
          {t("addresses.add")}
        </button>
      ) : (
        <p className={styles.empty}>{t("addresses.limit", { limit: ADDRESS_LIMIT })}</p>
      )}
    </section>
  );
}

function withoutMeta({ id: _id, isDefault: _isDefault, ...form }: AddressView): AddressForm {
  return form;
}

function errorMessageKey(error: unknown): string {
  if (!(error instanceof ApiError)) return "account.errors.network";
  if (error.code === "address-limit") return "addresses.limitReached";
  if (error.code === "address-not-found") return "addresses.gone";
  return "account.errors.generic";
}
