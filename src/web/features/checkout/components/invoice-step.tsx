import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type InvoiceData, invoiceDataSchema } from "#shared/api/order-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import formStyles from "#web/ui/form.module.css";
import { useValidationMessage } from "#web/ui/form-alert.tsx";
import { FormField } from "#web/ui/form-field.tsx";
import styles from "./checkout.module.css";

type InvoiceStepProps = { initial: InvoiceData; onDone: (invoice: InvoiceData) => void };

/** Who the invoice is for: the account's name, or a company with its tax id. */
export function InvoiceStep({ initial, onDone }: InvoiceStepProps) {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const fieldError = useValidationMessage();
  const [wantsTaxId, setWantsTaxId] = useState(initial.taxId !== "");
  const form = useForm<InvoiceData>({ resolver: zodResolver(invoiceDataSchema), defaultValues: initial });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => onDone(wantsTaxId ? values : { company: "", taxId: "" }));
  return (
    <form className={styles.stepForm} onSubmit={onSubmit} noValidate>
      <p>
        {t("checkout.invoiceFor")}{" "}
        <strong>
          {user?.name} {user?.lastName}
        </strong>{" "}
        · {user?.email}
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
