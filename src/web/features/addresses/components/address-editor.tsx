import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { type AddressForm, addressSchema } from "#shared/api/address-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import formStyles from "#web/ui/form.module.css";
import { useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import styles from "./address-book.module.css";
import { AddressPlaceFields } from "./address-place-fields.tsx";

export const emptyAddress: AddressForm = {
  name: "",
  lastName: "",
  street: "",
  floorDoor: "",
  postalCode: "",
  city: "",
  country: "ES",
  region: "",
  phone: "",
};

type AddressEditorProps = {
  initial: AddressForm;
  title: string;
  /** Offers "use as my default address" (a new address when the shopper already has some). */
  offerDefault: boolean;
  onSave: (form: AddressForm, makeDefault: boolean) => Promise<void>;
  onCancel?: (() => void) | undefined;
};

export function AddressEditor({ initial, title, offerDefault, onSave, onCancel }: AddressEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const fieldError = useValidationMessage();
  const [makeDefault, setMakeDefault] = useState(false);
  const form = useForm<AddressForm>({ resolver: zodResolver(addressSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  // The form opens below the list or in place of a card: take the shopper straight to it.
  useEffect(() => form.setFocus("name"), [form.setFocus]);

  const onSubmit = form.handleSubmit((values) => onSave(values, makeDefault));
  const field = (name: keyof AddressForm) => `${id}-${name}`;
  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label={title}>
      <h2 className={styles.formTitle}>{title}</h2>
      <div className={styles.pair}>
        <FormField
          id={field("name")}
          label={t("account.name")}
          autoComplete="given-name"
          error={fieldError(errors.name?.message)}
          {...form.register("name")}
        />
        <FormField
          id={field("lastName")}
          label={t("account.lastName")}
          autoComplete="family-name"
          error={fieldError(errors.lastName?.message)}
          {...form.register("lastName")}
        />
      </div>
      <FormField
        id={field("street")}
        label={t("addresses.street")}
        autoComplete="address-line1"
        error={fieldError(errors.street?.message)}
        {...form.register("street")}
      />
      <FormField
        id={field("floorDoor")}
        label={t("addresses.floorDoor")}
        autoComplete="address-line2"
        error={fieldError(errors.floorDoor?.message)}
        {...form.register("floorDoor")}
      />
      <AddressPlaceFields form={form} field={field} />
      <FormField
        id={field("phone")}
        label={t("addresses.phone")}
        type="tel"
        autoComplete="tel"
        error={fieldError(errors.phone?.message)}
        hint={<small>{t("addresses.phoneNote")}</small>}
        {...form.register("phone")}
      />
      {offerDefault && (
        <label className={formStyles.check}>
          <input
            type="checkbox"
            checked={makeDefault}
            onChange={(event) => setMakeDefault(event.target.checked)}
          />
          {t("addresses.makeDefaultCheck")}
        </label>
      )}
      <div className={styles.formActions}>
        <button type="submit" className={formStyles.submit} disabled={isSubmitting}>
          {isSubmitting ? t("addresses.saving") : t("addresses.save")}
        </button>
        {onCancel && (
          <button type="button" className={styles.secondary} onClick={onCancel}>
            {t("addresses.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
