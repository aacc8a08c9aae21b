/**
 * A catalogue file as spec §3 describes the real ones, quirks included, built deterministically
 * (seeded, no network) for the importer's tests and for trying `npm run catalog:import` by hand
 * (`npm run catalog:messy -- FILE.json`). Names are the shop's own fictional ones.
 *
 * The quirks, and how many of each (messy-catalog.test.ts counts them after the import):
 * ids 1–206 increasing with gaps, 190 on two records (DUPLICATED_ID); codes A0001–A0146, the
 * later ones repeating, three irregular; empty and absent age slots; subcategoria2 PACK, DVD,
 * empty or absent; empty sub-categories; subcategoria4 Regalo on ids 157–206, three of them
 * RegaloRegalo; bed linen twice as "ROPA DE CAMA", twice as "RopaDeCama"; informacion empty or absent;
 * four main pictures glued to a second URL; one record with descripcion and detalles exchanged.
 */

export type MessyRecord = Record<string, unknown>;

export const DUPLICATED_ID = 190;
/** The id the second record of DUPLICATED_ID gets once fixed: one of the gaps. */
export const FIXED_ID = 191;
const missingIds = new Set([12, 37, 58, 77, 101, 118, 133, 149, 164, FIXED_ID, 199]);
const irregularCodes = new Map([
  [23, "A-0023"],
  [88, "0088"],
  [140, "B17"],
]);
const regaloRegaloIds = new Set([160, 177, 203]);
/** Spec §3 names bed linen both ways; the shop calls it RopaCama. */
const bedLinenLabels = new Map([
  [103, "ROPA DE CAMA"],
  [110, "ROPA DE CAMA"],
  [115, "RopaDeCama"],
  [121, "RopaDeCama"],
]);
const gluedPictureIds = new Set([5, 66, 142, 188]);
const exchangedTextsId = 47;

const ageBands = ["DE 1 A 3 AÑOS", "DE 3 A 5 AÑOS", "DE 5 A 8 AÑOS", "DE 8 A 11 AÑOS", "ADULTOS"] as const;
const ageSlots = ["edades", "edades2", "edadesCio", "edadesoo", "adulto"] as const;
const characters = ["Miaubot", "Pipo", "Chispa", "Profesora Tuerca", "Bruno"] as const;
const pricePoints = [1.5, 2.95, 4.5, 7.95, 9.99, 12.5, 14.95, 19.95, 24.9, 29.95, 39.95, 59.9, 89.95, 133.95];

/** By id range: category, its sub-categories ("" is none) and the product nouns of its titles. */
const ranges = [
  { upTo: 40, categoria: "Escolar", subs: ["MaterialEscolar", "Mochila", "Libro"], noun: "Cuaderno" },
  { upTo: 75, categoria: "Pelicula", subs: ["DVD", "BLURAY", "PACK"], noun: "Película" },
  { upTo: 100, categoria: "Moda", subs: ["Accesorios", "Disfraz", ""], noun: "Gorra" },
  { upTo: 125, categoria: "Hogar", subs: ["Taza", "Baño", "Otros"], noun: "Taza" },
  { upTo: 130, categoria: "LotesExclusivos", subs: [""], noun: "Lote exclusivo" },
  {
    upTo: 206,
    categoria: "Regalo",
    subs: ["Juguete", "Peluche", "Juego", "Figura", "AireLibre"],
    noun: "Peluche",
  },
] as const;

/** mulberry32: a small seeded generator, so the same seed always gives the same file. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

function rangeOf(id: number) {
  const range = ranges.find((candidate) => id <= candidate.upTo);
  if (range === undefined) throw new Error(`id ${id} is beyond the catalogue`);
  return range;
}

function code(id: number, position: number): string {
  // Codes run A0001–A0146 in order; later products reuse earlier codes (spec: "some codes repeat").
  const number = position < 146 ? position + 1 : ((position * 7) % 146) + 1;
  return irregularCodes.get(id) ?? `A${String(number).padStart(4, "0")}`;
}

function texts(id: number, title: string) {
  const descripcion = `${title}: un regalo divertido de la tienda de Miaubot, pensado para cada día.`;
  const detalles = `${title}\nMedidas: ${10 + (id % 30)} x ${5 + (id % 12)} cm\nMaterial: algodón y poliéster`;
  return id === exchangedTextsId
    ? { descripcion: detalles, detalles: descripcion }
    : { descripcion, detalles };
}

function pictures(id: number) {
  const url = (suffix: string) => `https://imagenes.example/productos/${id}${suffix}.jpg`;
  const imagen = gluedPictureIds.has(id) ? `${url("")}${url("-2")}` : url("");
  return { imagen, otrasImagenes: [{ imagen1: url("-1"), imagen2: "", imagen3: "" }] };
}

/** Age slots as real files have them: a label, "" or, in about half the records, absent. */
function ages(random: () => number): MessyRecord {
  const from = Math.floor(random() * ageBands.length);
  const to = from + Math.floor(random() * (ageBands.length - from));
  const absentWhenEmpty = random() < 0.5;
  const slots: MessyRecord = {};
  ageSlots.forEach((slot, band) => {
    if (band >= from && band <= to) slots[slot] = ageBands[band];
    else if (!absentWhenEmpty) slots[slot] = "";
  });
  return slots;
}

function categories(id: number, random: () => number): MessyRecord {
  const range = rangeOf(id);
  const subcategoria = bedLinenLabels.get(id) ?? pick(random, range.subs);
  const fields: MessyRecord = { categoria: range.categoria, subcategoria };
  if (range.categoria === "Pelicula") fields.subcategoria2 = subcategoria === "BLURAY" ? "" : subcategoria;
  else if (random() < 0.5) fields.subcategoria2 = "";
  if (id >= 157) fields.subcategoria4 = regaloRegaloIds.has(id) ? "RegaloRegalo" : "Regalo";
  else if (random() < 0.5) fields.subcategoria4 = "";
  return fields;
}

function record(id: number, position: number, random: () => number): MessyRecord {
  const title = `${rangeOf(id).noun} ${pick(random, characters)} ${id}`;
  const informacion =
    random() < 0.3 ? undefined : random() < 0.5 ? "" : "Advertencia: no apto para menores de 3 años.";
  return {
    id,
    codigo: code(id, position),
    texto: title,
    ...pictures(id),
    precio: position < 2 ? (pricePoints[position * 13] ?? 1.5) : pick(random, pricePoints),
    ...texts(id, title),
    ...(informacion === undefined ? {} : { informacion }),
    stock: id >= 157 ? 20 : pick(random, [20, 100]),
    ...categories(id, random),
    ...ages(random),
  };
}

/** The messy catalogue: 196 records, with id 190 on two of them unless `fixDuplicate`. */
export function makeMessyCatalog({ seed = 14, fixDuplicate = false } = {}): MessyRecord[] {
  const random = seededRandom(seed);
  const ids = Array.from({ length: 206 }, (_, index) => index + 1).filter((id) => !missingIds.has(id));
  const withDuplicate = ids.flatMap((id) => (id === DUPLICATED_ID ? [id, DUPLICATED_ID] : [id]));
  return withDuplicate.map((id, position) => {
    const isSecond = id === DUPLICATED_ID && withDuplicate[position - 1] === DUPLICATED_ID;
    return record(isSecond && fixDuplicate ? FIXED_ID : id, position, random);
  });
}
