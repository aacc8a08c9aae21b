import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { guestInvoiceDataSchema, type InvoiceData, invoiceDataSchema } from "#shared/api/order-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { isGuest } from "#web/lib/session/session-store.ts";
import formStyles from "#web/ui/form.module.css";
import { useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import styles from "./checkout.module.css";

type InvoiceStepProps = {
  initial: InvoiceData;
  /** The shopper's name from /datos/personales, for an invoice not filled in yet. */
  defaults: { name: string; lastName: string };
  onDone: (invoice: InvoiceData) => void;
};

/**
 * Who the invoice is for: a name (from the personal data), and a company's tax id if wanted. A
 * guest also gives the email the order, its invoice and its link go to (decision 032).
 */
export function InvoiceStep({ initial, defaults, onDone }: InvoiceStepProps) {
  const { t } = useTranslation();
  const guest = useSession(isGuest);
  const email = useSession((state) => state.user?.email ?? "");
  const fieldError = useValidationMessage();
  const [wantsTaxId, setWantsTaxId] = useState(initial.taxId !== "");
  const form = useForm<InvoiceData>({
    resolver: zodResolver(guest ? guestInvoiceDataSchema : invoiceDataSchema),
    defaultValues: {
      ...initial,
      name: initial.name || defaults.name,
      lastName: initial.lastName || defaults.lastName,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    onDone(wantsTaxId ? values : { ...values, company: "", taxId: "" }),
  );
  return (
    <form className={styles.stepForm} onSubmit={onSubmit} noValidate>
      {guest && (
        <FormField
          id="invoice-email"
          label={t("checkout.guest.email")}
          type="email"
          autoComplete="email"
          error={fieldError(errors.email?.message)}
          {...form.register("email")}
        />
      )}
      <div className={styles.pair}>
        <FormField
          id="invoice-name"
          label={t("account.name")}
          autoComplete="given-name"
          error={fieldError(errors.name?.message)}
          {...form.register("name")}
        />
        <FormField
          id="invoice-last-name"
          label={t("account.lastName")}
          autoComplete="family-name"
          error={fieldError(errors.lastName?.message)}
          {...form.register("lastName")}
        />
      </div>
      <p className={styles.hint}>
        {guest ? t("checkout.guest.emailHint") : t("checkout.invoiceSentTo", { email })}
      </p>
      <label className={formStyles.check}>
        <input
          type="checkbox"
          checked={wantsTaxId}
          onChange={(event) => setWantsTaxId(event.target.checked)}
        />
        {t("checkout.wantsTaxId")}
      </label>
      {wantsTaxId && (
        <>
          <FormField
            id="invoice-company"
            label={t("checkout.company")}
            autoComplete="organization"
            error={fieldError(errors.company?.message)}
            {...form.register("company")}
          />
          <FormField
            id="invoice-tax-id"
            label={t("checkout.taxId")}
            error={fieldError(errors.taxId?.message)}
            {...form.register("taxId")}
          />
        </>
      )}
      <button type="submit" className={formStyles.submit}>
        {t("checkout.continue")}
      </button>
    </form>
  );
}
