import type { UseFormReturn } from "react-hook-form";
import { normalizePostalCode } from "#shared/address/postal-code.ts";
import { countries, regionName, regionsOf } from "#shared/address/regions.ts";
import type { AddressForm } from "#shared/api/address-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField, SelectField } from "#web/ui/form-field.tsx";
import styles from "./address-book.module.css";

type AddressPlaceFieldsProps = {
  form: UseFormReturn<AddressForm>;
  /** The id of a field's input, unique in the page. */
  field: (name: keyof AddressForm) => string;
};

/**
 * Country, postal code, city and region: the region list and the postal code's shape follow the
 * country, and in Spain the province is guessed from the postal code.
 */
export function AddressPlaceFields({ form, field }: AddressPlaceFieldsProps) {
  const { t } = useTranslation();
  const fieldError = useValidationMessage();
  const { errors, isSubmitted } = form.formState;
  const country = form.watch("country");

  /**
   * Tidies the postal code and, in Spain, guesses the province from its first two digits. No
   * validation here: a message vanishing on blur would move the save button under the pointer.
   */
  const tidyPostalCode = (value: string) => {
    const postalCode = normalizePostalCode(country, value);
    form.setValue("postalCode", postalCode);
    const prefix = postalCode.slice(0, 2);
    if (country === "ES" && form.getValues("region") === "" && regionName("ES", prefix)) {
      form.setValue("region", prefix);
    }
  };

  return (
    <>
      <SelectField
        id={field("country")}
        label={t("addresses.country")}
        autoComplete="country"
        options={countries.map((code) => ({ value: code, label: t(`addresses.countries.${code}`) }))}
        {...form.register("country", {
          onChange: () => form.setValue("region", "", { shouldValidate: isSubmitted }),
        })}
      />
      <div className={styles.pair}>
        <FormField
          id={field("postalCode")}
          label={t("addresses.postalCode")}
          autoComplete="postal-code"
          inputMode={country === "ES" ? "numeric" : "text"}
          placeholder={t(`addresses.postalCodeExample.${country}`)}
          error={fieldError(errors.postalCode?.message)}
          {...form.register("postalCode", { onBlur: (event) => tidyPostalCode(event.target.value) })}
        />
        <FormField
          id={field("city")}
          label={t("addresses.city")}
          autoComplete="address-level2"
          error={fieldError(errors.city?.message)}
          {...form.register("city")}
        />
      </div>
      <SelectField
        id={field("region")}
        label={t(`addresses.region.${country}`)}
        autoComplete="address-level1"
        placeholder={t("addresses.choose")}
        options={regionsOf(country).map((region) => ({ value: region.code, label: region.name }))}
        error={fieldError(errors.region?.message)}
        {...form.register("region")}
      />
    </>
  );
}
