/** The category vocabulary of spec §2/§3, shared by the catalogue, the server and the web. */
export const topCategories = [
  "Juguete",
  "Pelicula",
  "Escolar",
  "Moda",
  "Hogar",
  "LotesExclusivos",
  "Regalo",
] as const;

export const subCategories = [
  "Peluche",
  "Juego",
  "Figura",
  "AireLibre",
  "DVD",
  "BLURAY",
  "PACK",
  "MaterialEscolar",
  "Mochila",
  "Libro",
  "Ropa",
  "Accesorios",
  "Disfraz",
  "RopaCama",
  "Taza",
  "Baño",
  "Otros",
] as const;

export const ageGroups = [
  "DE 1 A 3 AÑOS",
  "DE 3 A 5 AÑOS",
  "DE 5 A 8 AÑOS",
  "DE 8 A 11 AÑOS",
  "ADULTOS",
] as const;

export type TopCategory = (typeof topCategories)[number];
export type SubCategory = (typeof subCategories)[number];
export type AgeGroup = (typeof ageGroups)[number];
export type CategoryName = TopCategory | SubCategory | AgeGroup;

/** Label variants found in the source data that name the same category (spec §2). */
export const categoryAliases: Readonly<Record<string, CategoryName>> = {
  "ROPA DE CAMA": "RopaCama",
  RopaDeCama: "RopaCama",
  RegaloRegalo: "Regalo",
};

/** Which sub-categories hang under which top category: the menu tree. */
export const categoryTree: ReadonlyArray<{ name: TopCategory; children: readonly CategoryName[] }> = [
  { name: "Juguete", children: ["Peluche", "Juego", "Figura", "AireLibre"] },
  { name: "Pelicula", children: ["DVD", "BLURAY", "PACK"] },
  { name: "Escolar", children: ["MaterialEscolar", "Mochila", "Libro"] },
  { name: "Moda", children: ["Ropa", "Accesorios", "Disfraz"] },
  { name: "Hogar", children: ["RopaCama", "Taza", "Baño", "Otros"] },
  { name: "LotesExclusivos", children: [] },
  { name: "Regalo", children: ageGroups },
];

const allNames: readonly string[] = [...topCategories, ...subCategories, ...ageGroups];

export function isCategoryName(value: string): value is CategoryName {
  return allNames.includes(value);
}

const ageGroupNames: readonly string[] = ageGroups;

/** One of the shop's five age bands; an imported catalogue may bring others (decision 030). */
export function isAgeGroup(value: string): value is AgeGroup {
  return ageGroupNames.includes(value);
}

/**
 * The category a label variant stands for, or undefined. Only the table's own entries count: a
 * label such as "constructor" or "__proto__" is no variant (and not Object.prototype's).
 */
export function aliasedCategory(label: string): CategoryName | undefined {
  return Object.hasOwn(categoryAliases, label) ? categoryAliases[label] : undefined;
}

/** Resolves a label or one of its variants to the canonical category, or undefined. */
export function canonicalCategory(label: string): CategoryName | undefined {
  const trimmed = label.trim();
  if (isCategoryName(trimmed)) return trimmed;
  return aliasedCategory(trimmed);
}
