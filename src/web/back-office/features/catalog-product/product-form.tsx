import { zodResolver } from "@hookform/resolvers/zod";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import type { CatalogProduct } from "#shared/api/back-office-catalog-contract.ts";
import formStyles from "#web/ui/form.module.css";
import { StaffApiError } from "../../api/staff-api-error.ts";
import shared from "../../back-office.module.css";
import { FormField } from "../../components/form-field.tsx";
import { FormMessage } from "../../components/form-message.tsx";
import { categoryLabel, categoryNames } from "../catalog/catalog-labels.ts";
import styles from "./catalog-product.module.css";
import { type ProductChangeOutcome, saveProduct } from "./catalog-product-calls.ts";
import { catalogErrorMessage } from "./catalog-product-messages.ts";
import {
  ageChoices,
  type ChoiceGroup,
  categoryChoices,
  fieldMessage,
  fieldsFromForm,
  formFieldOf,
  formFromFields,
  otherGiftLabel,
  type ProductForm,
  parentElsewhere,
  productFormSchema,
  subCategoryChoices,
} from "./product-form-values.ts";
import { ProductPictures } from "./product-pictures.tsx";

/**
 * A product's fields (issue 32), saved whole on the version the page read: code and price, where
 * it is filed (selects of the shop's categories, the gift box, the age boxes), its texts in
 * Spanish and Portuguese side by side, and its pictures.
 */
export function ProductFormView(props: {
  product: CatalogProduct;
  onOutcome: (outcome: ProductChangeOutcome) => Promise<boolean>;
  /** A save is asked for: what the page said of the last one goes. */
  onStart: () => void;
  said: string | null;
  stale: ReactNode;
}) {
  const { product } = props;
  const form = useForm<ProductForm>({
    resolver: zodResolver(productFormSchema),
    defaultValues: formFromFields(product.fields),
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    props.onStart();
    try {
      const fields = fieldsFromForm(product.fields, values);
      const outcome = await saveProduct(product.id, { version: product.version, fields });
      if (outcome.kind === "saved") form.reset(formFromFields(outcome.product.fields));
      await props.onOutcome(outcome);
    } catch (error) {
      showFieldErrors(form, error);
      setFailure(catalogErrorMessage(error));
    }
  }, props.onStart);
  const [categoria, subcategoria] = form.watch(["categoria", "subcategoria"]);
  const elsewhere = parentElsewhere(categoria, subcategoria);
  const otherGift = otherGiftLabel(product.fields.subcategoria4);
  const agesError = fieldMessage(errors.ages?.message);
  return (
    <form
      className={shared.form}
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="product-form-title"
    >
      <h2 id="product-form-title">Datos del producto</h2>
      <fieldset className={styles.fieldset}>
        <legend>Venta</legend>
        <div className={styles.columns}>
          <TextField
            id="product-codigo"
            label="Código"
            autoComplete="off"
            spellCheck={false}
            hint="Como A0001; el que aparece en su página."
            error={fieldMessage(errors.codigo?.message)}
            {...form.register("codigo")}
          />
          <TextField
            id="product-price"
            label="Precio en euros"
            inputMode="decimal"
            autoComplete="off"
            hint="IVA incluido, con coma para los céntimos: 12,95."
            error={fieldMessage(errors.price?.message)}
            {...form.register("price")}
          />
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Dónde aparece</legend>
        <div className={styles.columns}>
          <FilingSelect
            id="product-categoria"
            label="Categoría"
            empty="Sin categoría"
            groups={categoryChoices(product.fields.categoria, categoryLabel)}
            error={fieldMessage(errors.categoria?.message)}
            {...form.register("categoria")}
          />
          <FilingSelect
            id="product-subcategoria"
            label="Subcategoría"
            empty="Sin subcategoría"
            groups={subCategoryChoices(product.fields.subcategoria, categoryLabel)}
            hint={
              elsewhere
                ? `En el menú de la tienda, «${categoryLabel(subcategoria)}» está en «${categoryNames[elsewhere]}».`
                : undefined
            }
            error={fieldMessage(errors.subcategoria?.message)}
            {...form.register("subcategoria")}
          />
          <FilingSelect
            id="product-subcategoria2"
            label="Otra subcategoría (opcional)"
            empty="Ninguna"
            groups={subCategoryChoices(product.fields.subcategoria2, categoryLabel)}
            hint="El producto aparece también en ella (los DVD y los packs de películas la usan)."
            error={fieldMessage(errors.subcategoria2?.message)}
            {...form.register("subcategoria2")}
          />
        </div>
        <label className={formStyles.check}>
          <input type="checkbox" aria-describedby="product-gift-hint" {...form.register("gift")} />
          Regalo
        </label>
        <p id="product-gift-hint" className={shared.muted}>
          Aparece en «{categoryNames.Regalo}», en las edades marcadas abajo.
          {otherGift
            ? ` Este campo trae también la etiqueta importada «${otherGift}»: se conserva mientras no marques «Regalo».`
            : ""}
        </p>
        <fieldset
          className={styles.fieldset}
          aria-describedby={agesError ? "product-ages-error" : "product-ages-hint"}
        >
          <legend>Edades</legend>
          <p id="product-ages-hint" className={shared.muted}>
            Para quién es: el producto aparece en cada edad marcada.
          </p>
          <div className={styles.checks}>
            {ageChoices(product.fields, (age) => categoryNames[age]).map((choice) => (
              <label key={choice.value} className={formStyles.check}>
                <input type="checkbox" value={choice.value} {...form.register("ages")} />
                {choice.label}
              </label>
            ))}
          </div>
          {agesError ? (
            <p id="product-ages-error" className={formStyles.error}>
              {agesError}
            </p>
          ) : null}
        </fieldset>
      </fieldset>

      <div className={styles.languages}>
        <LanguageTexts form={form} lang="es" legend="Español" />
        <LanguageTexts form={form} lang="pt" legend="Português" />
      </div>

      <ProductPictures form={form} productName={product.fields.es.texto} />

      <div className={styles.footer}>
        <FormMessage message={failure} />
        {props.stale}
        <button type="submit" className={`${formStyles.submit} ${styles.save}`} disabled={isSubmitting}>
          {isSubmitting ? "Guardando…" : "Guardar los cambios"}
        </button>
        <p role="status" className={styles.said}>
          {props.said}
        </p>
      </div>
    </form>
  );
}

/** The four texts of one language: the name on one line, the others on several. */
function LanguageTexts({
  form,
  lang,
  legend,
}: {
  form: UseFormReturn<ProductForm>;
  lang: "es" | "pt";
  legend: string;
}) {
  const errors = form.formState.errors[lang];
  const id = (name: string) => `product-${lang}-${name}`;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <TextField
        id={id("texto")}
        label="Nombre"
        lang={lang}
        maxLength={200}
        error={fieldMessage(errors?.texto?.message)}
        {...form.register(`${lang}.texto`)}
      />
      <TextAreaField
        id={id("descripcion")}
        label="Descripción"
        lang={lang}
        rows={3}
        hint="Unas frases, bajo el precio."
        error={fieldMessage(errors?.descripcion?.message)}
        {...form.register(`${lang}.descripcion`)}
      />
      <TextAreaField
        id={id("detalles")}
        label="Detalles"
        lang={lang}
        rows={6}
        hint="Medidas, materiales, contenido: un dato por línea."
        error={fieldMessage(errors?.detalles?.message)}
        {...form.register(`${lang}.detalles`)}
      />
      <TextAreaField
        id={id("informacion")}
        label="Información (opcional)"
        lang={lang}
        rows={4}
        hint="Sinopsis, advertencias, cuidados."
        error={fieldMessage(errors?.informacion?.message)}
        {...form.register(`${lang}.informacion`)}
      />
    </fieldset>
  );
}

type FieldProps = {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
};

/** A labelled line of text, with its hint and its error. */
function TextField({ id, label, hint, error, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input {...control} className={error ? formStyles.inputInvalid : formStyles.input} {...input} />
      )}
    </FormField>
  );
}

/** A labelled text of several lines, with its hint and its error. */
function TextAreaField({
  id,
  label,
  hint,
  error,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <textarea {...control} className={error ? styles.textareaInvalid : styles.textarea} {...textarea} />
      )}
    </FormField>
  );
}

type FilingSelectProps = FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    /** The first option, for no label at all. */
    empty: string;
    groups: readonly ChoiceGroup[];
  };

/** A labelled select of filing labels, grouped as the shop's menu groups them. */
function FilingSelect({ id, label, empty, groups, hint, error, ...select }: FilingSelectProps) {
  const look = `${error ? formStyles.inputInvalid : formStyles.input} ${styles.select}`;
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} className={look} {...select}>
          <option value="">{empty}</option>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** The API's field errors, each on the form's field that holds it. */
function showFieldErrors(form: UseFormReturn<ProductForm>, error: unknown) {
  if (!(error instanceof StaffApiError)) return;
  for (const [path, code] of Object.entries(error.fields)) {
    const target = formFieldOf(path);
    if (target) form.setError(target, { message: code });
  }
}
