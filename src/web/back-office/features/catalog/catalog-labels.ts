import { type CategoryName, canonicalCategory, categoryTree } from "#catalog/categories.ts";

/** Each category of spec §2 as the shop names it in Spanish (the storefront's menu says the same). */
export const categoryNames: Readonly<Record<CategoryName, string>> = {
  Juguete: "Juguetes",
  Peluche: "Peluches",
  Juego: "Juegos",
  Figura: "Figuras",
  AireLibre: "Aire libre",
  Pelicula: "Películas",
  DVD: "DVD",
  BLURAY: "Blu-ray",
  PACK: "Packs",
  Escolar: "Escolar",
  MaterialEscolar: "Material escolar",
  Mochila: "Mochilas",
  Libro: "Libros",
  Moda: "Moda",
  Ropa: "Ropa",
  Accesorios: "Accesorios",
  Disfraz: "Disfraces",
  Hogar: "Hogar",
  RopaCama: "Ropa de cama",
  Taza: "Tazas",
  Baño: "Baño",
  Otros: "Otros",
  LotesExclusivos: "Lotes exclusivos",
  Regalo: "Ideas para regalar",
  "DE 1 A 3 AÑOS": "De 1 a 3 años",
  "DE 3 A 5 AÑOS": "De 3 a 5 años",
  "DE 5 A 8 AÑOS": "De 5 a 8 años",
  "DE 8 A 11 AÑOS": "De 8 a 11 años",
  ADULTOS: "Adultos",
};

/**
 * A filing label in words: a category of the shop by its name (a variant such as "RopaDeCama" too,
 * its source spelling beside it), anything else as it was imported.
 */
export function categoryLabel(label: string): string {
  if (label === "") return "";
  const known = canonicalCategory(label);
  if (known === undefined) return label;
  return known === label ? categoryNames[known] : `${categoryNames[known]} (${label})`;
}

/** «Juguetes › Peluches»: where a product is filed, in a few words; "—" for nowhere. */
export function filedUnder(row: { categoria: string; subcategoria: string }): string {
  return [row.categoria, row.subcategoria].filter(Boolean).map(categoryLabel).join(" › ") || "—";
}

export type OptionGroup = { label: string; options: ReadonlyArray<{ value: string; label: string }> };

/** The list's category filter: each top category, then what hangs under it (the menu's tree). */
export const categoryFilterGroups: readonly OptionGroup[] = categoryTree.map(({ name, children }) => ({
  label: categoryNames[name],
  options: [
    { value: name, label: `${categoryNames[name]} (todo)` },
    ...children.map((child) => ({ value: child, label: categoryNames[child] })),
  ],
}));
