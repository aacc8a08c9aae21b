import { z } from "zod";
import {
  type AgeGroup,
  ageGroups,
  canonicalCategory,
  categoryTree,
  isAgeGroup,
  type TopCategory,
  topCategories,
} from "#catalog/categories.ts";
import { PRICE_LIMIT_CENTS } from "#catalog/product-schema.ts";
import {
  type ProductFields,
  type ProductTexts,
  productTextsSchema,
} from "#shared/api/back-office-catalog-contract.ts";
import { centsFromTypedEuros, typedEurosFromCents } from "#shared/money.ts";
import { hasControlCharacters } from "#shared/text.ts";

/**
 * A product's fields (issue 32) as its form holds them, and back: the price typed in euros, the
 * gift tag a check box, the five age slots a set of check boxes. What the form does not offer (a
 * label an import brought, a spelling variant, a value in an unusual slot) is kept as it was.
 */

/** The five age slots of spec §3, each the home of one age group (the built-in catalogue's use). */
export const AGE_SLOTS = ["edades", "edades2", "edadesCio", "edadesoo", "adulto"] as const;
export type AgeSlot = (typeof AGE_SLOTS)[number];
const homeSlotOf: Readonly<Record<AgeGroup, number>> = {
  "DE 1 A 3 AÑOS": 0,
  "DE 3 A 5 AÑOS": 1,
  "DE 5 A 8 AÑOS": 2,
  "DE 8 A 11 AÑOS": 3,
  ADULTOS: 4,
};

/** The gift tag (spec §3: `subcategoria4` "Regalo", or its variant "RegaloRegalo"). */
export const GIFT = "Regalo";
const isGiftTag = (label: string) => label !== "" && canonicalCategory(label) === GIFT;

const noControl = (text: string) => !hasControlCharacters(text);
/** A filing label as the API takes it (at most 60 characters). */
const label = z.string().trim().max(60, "label-too-long").refine(noControl, "text-invalid");

/** What the product form holds: text as typed (euros with a comma), check boxes as booleans and lists. */
export const productFormSchema = z.object({
  codigo: z.string().trim().max(40, "code-too-long").refine(noControl, "text-invalid"),
  price: z
    .string()
    .trim()
    .refine((text) => {
      const cents = centsFromTypedEuros(text);
      return cents !== undefined && cents <= PRICE_LIMIT_CENTS;
    }, "price-invalid"),
  es: productTextsSchema,
  pt: productTextsSchema,
  categoria: label,
  subcategoria: label,
  subcategoria2: label,
  gift: z.boolean(),
  /** The age groups checked: the shop's five, and any other label an import put in a slot. */
  ages: z.array(z.string()).refine((ages) => new Set(ages).size <= AGE_SLOTS.length, "ages-too-many"),
  imagen: z.string(),
  otrasImagenes: z.array(z.string()).max(3, "pictures-too-many"),
});
export type ProductForm = z.infer<typeof productFormSchema>;

/** A product's fields as the form shows them. */
export function formFromFields(fields: ProductFields): ProductForm {
  return {
    codigo: fields.codigo,
    price: typedEurosFromCents(fields.priceCents),
    es: { ...fields.es },
    pt: { ...fields.pt },
    categoria: fields.categoria,
    subcategoria: fields.subcategoria,
    subcategoria2: fields.subcategoria2,
    gift: isGiftTag(fields.subcategoria4),
    ages: [...new Set(AGE_SLOTS.map((slot) => fields[slot]).filter((value) => value !== ""))],
    imagen: fields.imagen,
    otrasImagenes: [...fields.otrasImagenes],
  };
}

/**
 * The form's values (as its schema gives them) as the product's fields, on the fields it was
 * read with (`base`): what the form leaves as it was stays exactly as it was.
 */
export function fieldsFromForm(base: ProductFields, form: ProductForm): ProductFields {
  const priceCents = centsFromTypedEuros(form.price);
  if (priceCents === undefined) throw new Error(`A price the form's schema let through: ${form.price}`);
  return {
    codigo: form.codigo,
    priceCents,
    es: { ...form.es },
    pt: { ...form.pt },
    categoria: form.categoria,
    subcategoria: form.subcategoria,
    subcategoria2: form.subcategoria2,
    subcategoria4: giftTag(base.subcategoria4, form.gift),
    ...ageSlots(base, form.ages),
    imagen: form.imagen,
    otrasImagenes: form.otrasImagenes.filter((path) => path !== ""),
  };
}

/**
 * The gift tag: "Regalo" when checked (the variant it had, if it had one); when not, none, or the
 * other label an import put in that field, which the box does not stand for.
 */
function giftTag(before: string, gift: boolean): string {
  if (gift) return isGiftTag(before) ? before : GIFT;
  return isGiftTag(before) ? "" : before;
}

/**
 * The age slots for the groups checked: a slot keeps its value while it is checked and is emptied
 * when not; a group newly checked goes to its home slot, or else to the first slot left free (a
 * label kept in two slots gives its second up when room is needed).
 */
export function ageSlots(
  base: Pick<ProductFields, AgeSlot>,
  checked: readonly string[],
): Record<AgeSlot, string> {
  const wanted = new Set(checked.filter((age) => age !== ""));
  if (wanted.size > AGE_SLOTS.length) throw new Error("More age groups than slots");
  const slots = AGE_SLOTS.map((slot) => (wanted.has(base[slot]) ? base[slot] : ""));
  const missing = [...wanted].filter((age) => !slots.includes(age));
  if (missing.length > slots.filter((value) => value === "").length) {
    slots.forEach((value, index) => {
      if (value !== "" && slots.indexOf(value) < index) slots[index] = "";
    });
  }
  const homeless: string[] = [];
  for (const age of missing) {
    const home = isAgeGroup(age) ? homeSlotOf[age] : -1;
    if (home >= 0 && slots[home] === "") slots[home] = age;
    else homeless.push(age);
  }
  for (const age of homeless) slots[slots.indexOf("")] = age;
  return {
    edades: slots[0] ?? "",
    edades2: slots[1] ?? "",
    edadesCio: slots[2] ?? "",
    edadesoo: slots[3] ?? "",
    adulto: slots[4] ?? "",
  };
}

export type Choice = { value: string; label: string };

/** The age check boxes: the shop's five groups, then any other label the product's slots hold. */
export function ageChoices(
  fields: Pick<ProductFields, AgeSlot>,
  nameOf: (age: AgeGroup) => string,
): Choice[] {
  const known: Choice[] = ageGroups.map((age) => ({ value: age, label: nameOf(age) }));
  const imported = [...new Set(AGE_SLOTS.map((slot) => fields[slot]))]
    .filter((value) => value !== "" && !isAgeGroup(value))
    .map((value) => ({ value, label: `${value} (importada)` }));
  return [...known, ...imported];
}

/** The gift field's other label, if an import put one there (the check box does not stand for it). */
export function otherGiftLabel(subcategoria4: string): string | undefined {
  return subcategoria4 === "" || isGiftTag(subcategoria4) ? undefined : subcategoria4;
}

export type ChoiceGroup = { label: string; options: Choice[] };

/**
 * The options of a filing select: none, the known values, and the product's own value when it is
 * none of them (an imported label), so it shows and is kept unless someone picks another.
 */
function withCurrent(
  current: string,
  groups: ChoiceGroup[],
  labelOf: (value: string) => string,
): ChoiceGroup[] {
  const known = groups.some((group) => group.options.some((option) => option.value === current));
  if (current === "" || known) return groups;
  return [{ label: "Valor importado", options: [{ value: current, label: labelOf(current) }] }, ...groups];
}

/** The top categories to choose from, in the menu's order. */
export function categoryChoices(current: string, nameOf: (value: string) => string): ChoiceGroup[] {
  const options = topCategories.map((name) => ({ value: name, label: nameOf(name) }));
  return withCurrent(current, [{ label: "Categorías", options }], nameOf);
}

/** The sub-categories to choose from, under the category each hangs from in the menu. */
export function subCategoryChoices(current: string, nameOf: (value: string) => string): ChoiceGroup[] {
  const groups = categoryTree
    .filter(({ name, children }) => name !== GIFT && children.length > 0)
    .map(({ name, children }) => ({
      label: nameOf(name),
      options: children.map((child) => ({ value: child, label: nameOf(child) })),
    }));
  return withCurrent(current, groups, nameOf);
}

/**
 * When the sub-category is one the menu puts under another category (a «Peluche» filed under
 * «Pelicula»), the category it belongs to; the form says so, and saves it all the same.
 */
export function parentElsewhere(categoria: string, subcategoria: string): TopCategory | undefined {
  const top = canonicalCategory(categoria);
  const sub = canonicalCategory(subcategoria);
  if (top === undefined || sub === undefined) return undefined;
  const parent = categoryTree.find(({ children }) => children.includes(sub));
  if (!parent || parent.name === GIFT || parent.name === top) return undefined;
  return parent.name;
}

/** A field of the form that can show an error: one of its own, or a text of either language. */
export type ProductFormField =
  | Exclude<keyof ProductForm, "es" | "pt">
  | `${"es" | "pt"}.${keyof ProductTexts}`;

const textNames: readonly string[] = Object.keys(productTextsSchema.shape);
const ownFields: readonly string[] = [
  "codigo",
  "categoria",
  "subcategoria",
  "subcategoria2",
  "imagen",
  "otrasImagenes",
];
const isText = (name: string): name is keyof ProductTexts => textNames.includes(name);
const isOwn = (
  name: string,
): name is "codigo" | "categoria" | "subcategoria" | "subcategoria2" | "imagen" | "otrasImagenes" =>
  ownFields.includes(name);

/** Which form field shows an error the API gave for a request field (`fields.es.texto`…). */
export function formFieldOf(apiPath: string): ProductFormField | undefined {
  const [root, field, sub] = apiPath.split(".");
  if (root !== "fields" || field === undefined) return undefined;
  if (field === "es" || field === "pt")
    return sub !== undefined && isText(sub) ? `${field}.${sub}` : undefined;
  if (field === "priceCents") return "price";
  if (field === "subcategoria4") return "gift";
  if ((AGE_SLOTS as readonly string[]).includes(field)) return "ages";
  return isOwn(field) ? field : undefined;
}

/** The form's field errors (codes from the schemas or the API), in Spanish. */
const fieldMessages: Readonly<Record<string, string>> = {
  "name-required": "Escribe el nombre, de hasta 200 caracteres.",
  "text-too-long": "Este texto es demasiado largo: hasta 4.000 caracteres.",
  "text-invalid": "Quita los caracteres especiales de este campo.",
  "code-too-long": "El código tiene como mucho 40 caracteres.",
  "label-too-long": "Como mucho 60 caracteres.",
  "price-invalid": "Escribe el precio en euros, por ejemplo 12,95 (hasta 10.000 €).",
  "ages-too-many": "Marca como mucho 5 edades.",
  "picture-invalid": "Esta foto no es una de la tienda: sube otra o quítala.",
  "pictures-too-many": "Como mucho 3 fotos más.",
};

export const fieldMessage = (code: string | undefined) =>
  code === undefined ? undefined : (fieldMessages[code] ?? "Revisa este campo.");
