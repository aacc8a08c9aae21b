import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import { topCategories } from "#catalog/categories.ts";
import {
  emptyPromotionForm,
  formFieldOf,
  formFromPromotion,
  type PromotionForm,
  type PromotionView,
  promotionFormSchema,
  rulesFromForm,
} from "#shared/api/back-office-promotion-contract.ts";
import formStyles from "#web/ui/form.module.css";
import { FormField, SelectField } from "#web/ui/form-field.tsx";
import { StaffApiError } from "../../api/staff-api-error.ts";
import shared from "../../back-office.module.css";
import { FormMessage } from "../../components/form-message.tsx";
import {
  categoryNames,
  fieldMessage,
  kindNames,
  promotionErrorMessage,
  whatItGives,
} from "./promotion-labels.ts";
import styles from "./promotions.module.css";
import { createPromotion, editPromotion } from "./promotions-calls.ts";

const kindOptions = Object.entries(kindNames).map(([value, label]) => ({ value, label }));

/**
 * Every rule of a coupon (issue 32): a new one, or one already made, on the version it was read at.
 * Once an order used it, what it gives and on what are shown, not offered (decision 052).
 */
export function PromotionFormView(props: {
  promotion?: PromotionView;
  onSaved: (saved: PromotionView) => void;
}) {
  const { promotion } = props;
  const form = useForm<PromotionForm>({
    resolver: zodResolver(promotionFormSchema),
    defaultValues: promotion ? formFromPromotion(promotion) : emptyPromotionForm,
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const rules = rulesFromForm(values);
      props.onSaved(
        promotion
          ? await editPromotion(promotion.code, { ...rules, version: promotion.version })
          : await createPromotion({ code: values.code, ...rules }),
      );
    } catch (error) {
      showFieldErrors(form, error);
      setFailure(promotionErrorMessage(error));
    }
  });
  const fixed = promotion?.used === true;
  const kind = form.watch("kind");
  return (
    <form
      className={shared.form}
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-label="Reglas de la promoción"
    >
      <FormMessage message={failure} />
      {promotion ? null : (
        <FormField
          id="promotion-code"
          label="Código"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={<span className={shared.muted}>Lo que escribe el cliente al pagar, en mayúsculas.</span>}
          error={fieldMessage(errors.code?.message)}
          {...form.register("code")}
        />
      )}
      {fixed && promotion ? (
        <p className={shared.muted}>
          Da {whatItGives(promotion)}. Ya se ha usado en pedidos, así que el descuento y sus categorías no
          cambian: para otro descuento, termina esta promoción y crea otra.
        </p>
      ) : (
        <GiftFields form={form} kind={kind} />
      )}
      <FormField
        id="promotion-minimum"
        label="Pedido mínimo en euros (opcional)"
        inputMode="decimal"
        error={fieldMessage(errors.minimum?.message)}
        {...form.register("minimum")}
      />
      <div className={styles.columns}>
        <FormField
          id="promotion-starts"
          label="Primer día (opcional)"
          type="date"
          error={fieldMessage(errors.startsOn?.message)}
          {...form.register("startsOn")}
        />
        <FormField
          id="promotion-ends"
          label="Último día (opcional)"
          type="date"
          error={fieldMessage(errors.endsOn?.message)}
          {...form.register("endsOn")}
        />
      </div>
      <div className={styles.columns}>
        <FormField
          id="promotion-total-limit"
          label="Usos en total (vacío: sin límite)"
          inputMode="numeric"
          error={fieldMessage(errors.totalLimit?.message)}
          {...form.register("totalLimit")}
        />
        <FormField
          id="promotion-per-user-limit"
          label="Usos por cliente (vacío: sin límite)"
          inputMode="numeric"
          error={fieldMessage(errors.perUserLimit?.message)}
          {...form.register("perUserLimit")}
        />
      </div>
      <label className={formStyles.check}>
        <input type="checkbox" {...form.register("firstOrderOnly")} />
        Solo para el primer pedido de cada cliente
      </label>
      <label className={formStyles.check}>
        <input type="checkbox" {...form.register("listed")} />
        Mostrarla a los clientes en la página de cupones
      </label>
      <button type="submit" className={formStyles.submit} disabled={isSubmitting}>
        {isSubmitting ? "Guardando…" : promotion ? "Guardar los cambios" : "Crear la promoción"}
      </button>
    </form>
  );
}

/** What the coupon gives and on what: a kind, its amount, and the categories it counts. */
function GiftFields({ form, kind }: { form: UseFormReturn<PromotionForm>; kind: PromotionForm["kind"] }) {
  const { errors } = form.formState;
  const categoriesError = fieldMessage(errors.categories?.message);
  return (
    <>
      <SelectField id="promotion-kind" label="Tipo" options={kindOptions} {...form.register("kind")} />
      {kind === "free-shipping" ? null : (
        <FormField
          id="promotion-amount"
          label={kind === "percent" ? "Porcentaje (1 a 100)" : "Importe en euros"}
          inputMode={kind === "percent" ? "numeric" : "decimal"}
          error={fieldMessage(errors.amount?.message)}
          {...form.register("amount")}
        />
      )}
      <fieldset
        className={styles.fieldset}
        aria-describedby={categoriesError ? "promotion-categories-error" : "promotion-categories-hint"}
      >
        <legend>Categorías</legend>
        <p id="promotion-categories-hint" className={shared.muted}>
          Sin ninguna marcada, vale para todo el pedido.
        </p>
        <div className={styles.checks}>
          {topCategories.map((category) => (
            <label key={category} className={formStyles.check}>
              <input type="checkbox" value={category} {...form.register("categories")} />
              {categoryNames[category]}
            </label>
          ))}
        </div>
        {categoriesError ? (
          <p id="promotion-categories-error" className={formStyles.error}>
            {categoriesError}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

/** The API's field errors, each on the form's field that holds it. */
function showFieldErrors(form: UseFormReturn<PromotionForm>, error: unknown) {
  if (!(error instanceof StaffApiError)) return;
  for (const [field, code] of Object.entries(error.fields)) {
    const target = formFieldOf[field];
    if (target) form.setError(target, { message: code });
  }
}
