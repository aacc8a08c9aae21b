import { eurosFromCents } from "../euros.ts";
import type { CatalogueRecord } from "../product-schema.ts";

/** Words that make each generated title and description different, so search has work to do. */
const ADJECTIVES = [
  "azul",
  "gigante",
  "mini",
  "brillante",
  "suave",
  "clásico",
  "edición",
  "viajero",
  "nocturno",
];
const ADJECTIVES_PT = [
  "azul",
  "gigante",
  "mini",
  "brilhante",
  "macio",
  "clássico",
  "edição",
  "viajante",
  "noturno",
];

/**
 * A catalogue of `count` products for trying the shop at scale (issue 32): the built-in
 * products' texts, filing and pictures, taken in turn, each with an id, a code, a number in its
 * titles, a word or two of its own and a price of its own. Deterministic: the same count gives
 * the same file. The texts stay the built-in ones' length, so the memory a process holds for it
 * is the real catalogue's per product.
 */
export function makeBigCatalog(base: readonly CatalogueRecord[], count: number): CatalogueRecord[] {
  if (base.length === 0) throw new Error("a big catalogue needs products to start from");
  return Array.from({ length: count }, (_, index) => {
    const model = base[index % base.length] as CatalogueRecord;
    const id = index + 1;
    const word = ADJECTIVES[index % ADJECTIVES.length] ?? "";
    const wordPt = ADJECTIVES_PT[index % ADJECTIVES_PT.length] ?? "";
    const cents = 150 + ((index * 7919) % 13_245);
    return {
      ...model,
      id,
      codigo: `G${String(id).padStart(6, "0")}`,
      texto: `${model.texto} ${word} ${id}`,
      precio: eurosFromCents(cents),
      stock: index % 5 === 0 ? 0 : 20 + (index % 80),
      pt: { ...model.pt, texto: `${model.pt.texto} ${wordPt} ${id}` },
    };
  });
}
