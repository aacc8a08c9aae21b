import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type CardInput, cardSchema } from "#shared/api/order-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSite } from "#web/lib/site.tsx";
import formStyles from "#web/ui/form.module.css";
import { FormAlert, useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import styles from "./checkout.module.css";

type PaymentStepProps = {
  initial: CardInput;
  /** Why the last attempt was refused by the card's bank, if it was. */
  declined: string | null;
  onDone: (card: CardInput) => void;
};

/** Card details: checked here, sent once with the order, never stored by the shop. */
export function PaymentStep({ initial, declined, onDone }: PaymentStepProps) {
  const { t } = useTranslation();
  const { testMode } = useSite();
  const fieldError = useValidationMessage();
  const form = useForm<CardInput>({ resolver: zodResolver(cardSchema), defaultValues: initial });
  const { errors } = form.formState;
  // The schema turns the number into digits only; keep what the shopper typed for going back.
  const onSubmit = form.handleSubmit(() => onDone(form.getValues()));
  return (
    <form className={styles.stepForm} onSubmit={onSubmit} noValidate>
      <FormAlert message={declined} />
      <FormField
        id="card-holder"
        label={t("checkout.cardHolder")}
        autoComplete="cc-name"
        error={fieldError(errors.holder?.message)}
        {...form.register("holder")}
      />
      <FormField
        id="card-number"
        label={t("checkout.cardNumber")}
        autoComplete="cc-number"
        inputMode="numeric"
        error={fieldError(errors.number?.message)}
        {...form.register("number")}
      />
      <div className={styles.pair}>
        <FormField
          id="card-expiry"
          label={t("checkout.cardExpiry")}
          autoComplete="cc-exp"
          placeholder={t("checkout.cardExpiryPlaceholder")}
          error={fieldError(errors.expiry?.message)}
          {...form.register("expiry")}
        />
        <FormField
          id="card-cvc"
          label={t("checkout.cardCvc")}
          autoComplete="cc-csc"
          inputMode="numeric"
          error={fieldError(errors.cvc?.message)}
          {...form.register("cvc")}
        />
      </div>
      {/* The test cards to use, only where they are the ones taking payments. */}
      {testMode && <p className={styles.hint}>{t("checkout.testMode")}</p>}
      <button type="submit" className={formStyles.submit}>
        {t("checkout.continue")}
      </button>
    </form>
  );
}
