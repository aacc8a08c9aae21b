import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import styles from "../checkout.module.css";
import { PayButton } from "../payment/pay-button.tsx";
import type { TestMethodProps } from "./use-test-confirm.ts";

/** The phone as typed ("612 345 678"), sent as the contract wants it (digits, maybe a "+"). */
const phoneFormSchema = z.object({
  phone: z
    .string()
    .transform((value) => value.replace(/[\s().-]/g, ""))
    .pipe(z.string().regex(/^\+?\d{9,15}$/, "phone-invalid")),
});
type PhoneForm = z.input<typeof phoneFormSchema>;

type TestPhonePaymentProps = TestMethodProps & { method: "bizum" | "mb_way" };

/** Bizum or MB WAY: the phone the shopper approves the payment on, in their bank's app. */
export function TestPhonePayment({ method, amountCents, pending, onSend }: TestPhonePaymentProps) {
  const { t } = useTranslation();
  const fieldError = useValidationMessage();
  const form = useForm<PhoneForm>({ resolver: zodResolver(phoneFormSchema), defaultValues: { phone: "" } });
  const onSubmit = form.handleSubmit(({ phone }) =>
    onSend({ method, phone: phone.replace(/[\s().-]/g, "") }),
  );
  return (
    <form className={styles.stepForm} onSubmit={onSubmit} noValidate>
      <FormField
        id="payment-phone"
        label={t(`checkout.pay.phone.${method}`)}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={fieldError(form.formState.errors.phone?.message)}
        hint={<span className={styles.hint}>{t(`checkout.pay.phoneHints.${method}`)}</span>}
        {...form.register("phone")}
      />
      <PayButton amountCents={amountCents} pending={pending} />
    </form>
  );
}
