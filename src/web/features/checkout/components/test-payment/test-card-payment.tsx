import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type TestCardForm, testCardFormSchema, testCardToken } from "#shared/api/payment-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import styles from "../checkout.module.css";
import { PayButton } from "../payment/pay-button.tsx";
import type { TestMethodProps } from "./use-test-confirm.ts";

const empty: TestCardForm = { holder: "", number: "", expiry: "", cvc: "" };

/** A test card, checked here; only its token and last four digits are sent (decision 034). */
export function TestCardPayment({ amountCents, pending, onSend }: TestMethodProps) {
  const { t } = useTranslation();
  const fieldError = useValidationMessage();
  const form = useForm<TestCardForm>({ resolver: zodResolver(testCardFormSchema), defaultValues: empty });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ number }) => {
    const digits = number.replace(/\D/g, "");
    return onSend({ method: "card", token: testCardToken(digits), last4: digits.slice(-4) });
  });
  return (
    <form className={styles.stepForm} onSubmit={onSubmit} noValidate>
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
      <PayButton amountCents={amountCents} pending={pending} />
    </form>
  );
}
