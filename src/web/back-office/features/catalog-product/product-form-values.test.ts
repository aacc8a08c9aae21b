import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageGroups } from "#catalog/categories.ts";
import type { ProductFields } from "#shared/api/back-office-catalog-contract.ts";
import {
  AGE_SLOTS,
  ageChoices,
  ageSlots,
  categoryChoices,
  fieldMessage,
  fieldsFromForm,
  formFieldOf,
  formFromFields,
  otherGiftLabel,
  parentElsewhere,
  productFormSchema,
  subCategoryChoices,
} from "./product-form-values.ts";

/** Product 206 of the built-in catalogue, as the API answers it. */
const lamp: ProductFields = {
  codigo: "A0206",
  priceCents: 1495,
  es: {
    texto: "Lámpara quitamiedos Miaubot",
    descripcion: "Una lucecita suave.",
    detalles: "Altura: 12 cm\nLuz LED cálida",
    informacion: "",
  },
  pt: {
    texto: "Luz de presença Miaubot",
    descripcion: "Uma luzinha suave.",
    detalles: "Altura: 12 cm\nLuz LED quente",
    informacion: "",
  },
  categoria: "Hogar",
  subcategoria: "Otros",
  subcategoria2: "",
  subcategoria4: "Regalo",
  edades: "DE 1 A 3 AÑOS",
  edades2: "DE 3 A 5 AÑOS",
  edadesCio: "",
  edadesoo: "",
  adulto: "",
  imagen: "/media/products/206.svg",
  otrasImagenes: [],
};

/** What the form hands over on Save: its values through its schema. */
const submitted = (
  fields: ProductFields,
  change: (form: ReturnType<typeof formFromFields>) => void = () => {},
) => {
  const form = formFromFields(fields);
  change(form);
  return fieldsFromForm(fields, productFormSchema.parse(form));
};

describe("a product's fields in its form", () => {
  it("shows the price in euros with a comma, the gift tag as a box and the age slots as boxes", () => {
    const form = formFromFields(lamp);
    expect(form.price).toBe("14,95");
    expect(form.gift).toBe(true);
    expect(form.ages).toEqual(["DE 1 A 3 AÑOS", "DE 3 A 5 AÑOS"]);
    expect(formFromFields({ ...lamp, priceCents: 1200 }).price).toBe("12");
  });

  it("gives back the very fields it was read with when nothing is changed", () => {
    expect(submitted(lamp)).toEqual(lamp);
  });

  it("turns the typed euros into cents", () => {
    expect(submitted(lamp, (form) => (form.price = "19,9")).priceCents).toBe(1990);
    expect(submitted(lamp, (form) => (form.price = " 7.05 ")).priceCents).toBe(705);
  });

  it("refuses a price that is not euros, or above the shop's limit", () => {
    for (const price of ["", "12,955", "-3", "doce", "10000,01"]) {
      const parsed = productFormSchema.safeParse({ ...formFromFields(lamp), price });
      expect(parsed.success, price).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("price-invalid");
    }
    expect(productFormSchema.safeParse({ ...formFromFields(lamp), price: "10000" }).success).toBe(true);
  });

  it("asks for a name in both languages", () => {
    const form = formFromFields(lamp);
    const parsed = productFormSchema.safeParse({ ...form, pt: { ...form.pt, texto: "  " } });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["pt.texto", "name-required"],
    ]);
  });

  it("tags a gift with «Regalo», keeps the variant it had, and keeps another label the box does not stand for", () => {
    expect(submitted({ ...lamp, subcategoria4: "" }, (form) => (form.gift = true)).subcategoria4).toBe(
      "Regalo",
    );
    expect(submitted(lamp, (form) => (form.gift = false)).subcategoria4).toBe("");
    const variant = { ...lamp, subcategoria4: "RegaloRegalo" };
    expect(formFromFields(variant).gift).toBe(true);
    expect(submitted(variant).subcategoria4).toBe("RegaloRegalo");
    const other = { ...lamp, subcategoria4: "Navidad" };
    expect(formFromFields(other).gift).toBe(false);
    expect(otherGiftLabel(other.subcategoria4)).toBe("Navidad");
    expect(submitted(other).subcategoria4).toBe("Navidad");
    expect(submitted(other, (form) => (form.gift = true)).subcategoria4).toBe("Regalo");
    expect(otherGiftLabel("RegaloRegalo")).toBeUndefined();
  });

  it("puts a newly checked age group in its own slot, and empties the slot of one unchecked", () => {
    const changed = submitted(lamp, (form) => (form.ages = ["DE 3 A 5 AÑOS", "ADULTOS"]));
    expect(changed).toMatchObject({
      edades: "",
      edades2: "DE 3 A 5 AÑOS",
      edadesCio: "",
      edadesoo: "",
      adulto: "ADULTOS",
    });
  });

  it("keeps an imported age label where it was, shown as a box of its own", () => {
    const imported = { ...lamp, edades: "DE 0 A 1 AÑO", edadesCio: "DE 1 A 3 AÑOS" };
    const choices = ageChoices(imported, (age) => age.toLowerCase());
    expect(choices.map((choice) => choice.value)).toEqual([...ageGroups, "DE 0 A 1 AÑO"]);
    expect(choices.at(-1)?.label).toBe("DE 0 A 1 AÑO (importada)");
    expect(submitted(imported)).toEqual(imported);
    // Its home slot taken by the imported label, a group goes to the first free slot.
    expect(ageSlots(imported, ["DE 0 A 1 AÑO", "DE 1 A 3 AÑOS", "DE 3 A 5 AÑOS", "ADULTOS"])).toEqual({
      edades: "DE 0 A 1 AÑO",
      edades2: "DE 3 A 5 AÑOS",
      edadesCio: "DE 1 A 3 AÑOS",
      edadesoo: "",
      adulto: "ADULTOS",
    });
    // Unchecked, it goes.
    expect(submitted(imported, (form) => (form.ages = ["DE 1 A 3 AÑOS"])).edades).toBe("");
  });

  it("makes room from a label kept twice, and refuses more ages than slots", () => {
    const twice = { ...lamp, edades: "X", edades2: "X", edadesCio: "", edadesoo: "", adulto: "" };
    expect(ageSlots(twice, ["X", ...ageGroups.slice(0, 4)])).toEqual({
      edades: "X",
      edades2: "DE 3 A 5 AÑOS",
      edadesCio: "DE 5 A 8 AÑOS",
      edadesoo: "DE 8 A 11 AÑOS",
      adulto: "DE 1 A 3 AÑOS",
    });
    const parsed = productFormSchema.safeParse({ ...formFromFields(twice), ages: ["X", ...ageGroups] });
    expect(parsed.error?.issues[0]?.message).toBe("ages-too-many");
  });

  it("checks exactly the labels the slots hold, and gives them back as they were (any slots)", () => {
    const slotValue = fc.constantFrom("", "", ...ageGroups, "DE 0 A 1 AÑO", "Bebés");
    const slots = fc.record(
      Object.fromEntries(AGE_SLOTS.map((slot) => [slot, slotValue])) as Record<
        (typeof AGE_SLOTS)[number],
        typeof slotValue
      >,
    );
    fc.assert(
      fc.property(slots, fc.subarray([...ageGroups]), (values, checked) => {
        const fields = { ...lamp, ...values };
        expect(submitted(fields)).toEqual(fields);
        // Any choice of the shop's groups (imported labels kept): each checked one is in a slot.
        const imported = formFromFields(fields).ages.filter(
          (age) => !(ageGroups as readonly string[]).includes(age),
        );
        const wanted = [...imported, ...checked];
        if (new Set(wanted).size > AGE_SLOTS.length) return;
        const after = ageSlots(fields, wanted);
        expect(new Set(Object.values(after).filter(Boolean))).toEqual(new Set(wanted));
      }),
    );
  });

  it("drops an emptied extra picture", () => {
    const withPictures = {
      ...lamp,
      otrasImagenes: ["/media/products/206-1.svg", "/media/products/206-2.svg"],
    };
    expect(submitted(withPictures)).toEqual(withPictures);
    expect(submitted(withPictures, (form) => (form.otrasImagenes[0] = "")).otrasImagenes).toEqual([
      "/media/products/206-2.svg",
    ]);
  });
});

describe("the filing selects", () => {
  const name = (value: string) => `«${value}»`;

  it("offer the known categories, and the product's own imported label first so it stays", () => {
    expect(categoryChoices("Hogar", name)).toHaveLength(1);
    expect(categoryChoices("Hogar", name)[0]?.options.map((o) => o.value)).toContain("LotesExclusivos");
    const imported = categoryChoices("Jardín", name);
    expect(imported[0]).toEqual({
      label: "Valor importado",
      options: [{ value: "Jardín", label: "«Jardín»" }],
    });
    expect(categoryChoices("", name)).toHaveLength(1);
  });

  it("offer the sub-categories under the category each hangs from (ages are not sub-categories)", () => {
    const groups = subCategoryChoices("Peluche", name);
    expect(groups.map((group) => group.label)).toEqual([
      "«Juguete»",
      "«Pelicula»",
      "«Escolar»",
      "«Moda»",
      "«Hogar»",
    ]);
    expect(subCategoryChoices("RopaDeCama", name)[0]?.options).toEqual([
      { value: "RopaDeCama", label: "«RopaDeCama»" },
    ]);
  });

  it("say when a sub-category belongs to another category in the menu", () => {
    expect(parentElsewhere("Pelicula", "Peluche")).toBe("Juguete");
    expect(parentElsewhere("Juguete", "Peluche")).toBeUndefined();
    expect(parentElsewhere("Hogar", "ROPA DE CAMA")).toBeUndefined();
    expect(parentElsewhere("Jardín", "Peluche")).toBeUndefined();
    expect(parentElsewhere("LotesExclusivos", "")).toBeUndefined();
  });
});

describe("the API's field errors on the form", () => {
  it("land on the field that holds them", () => {
    expect(formFieldOf("fields.priceCents")).toBe("price");
    expect(formFieldOf("fields.es.texto")).toBe("es.texto");
    expect(formFieldOf("fields.pt.detalles")).toBe("pt.detalles");
    expect(formFieldOf("fields.subcategoria4")).toBe("gift");
    expect(formFieldOf("fields.edadesCio")).toBe("ages");
    expect(formFieldOf("fields.otrasImagenes.1")).toBe("otrasImagenes");
    expect(formFieldOf("fields.codigo")).toBe("codigo");
    expect(formFieldOf("version")).toBeUndefined();
    expect(formFieldOf("fields.es.__proto__")).toBeUndefined();
    expect(formFieldOf("fields.constructor")).toBeUndefined();
  });

  it("are said in Spanish, an unknown code too", () => {
    expect(fieldMessage("picture-invalid")).toBe("Esta foto no es una de la tienda: sube otra o quítala.");
    expect(fieldMessage("Too big: expected string to have <=40 characters")).toBe("Revisa este campo.");
    expect(fieldMessage(undefined)).toBeUndefined();
  });
});
