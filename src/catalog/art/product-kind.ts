/**
 * What a product physically is, which decides how its picture is drawn, with the title nouns
 * that name it (accent-free, lower case, "|"-separated; a word also matches its plural).
 */
const kindNouns = {
  plush: "peluche",
  boardGame: "juego de mesa|juego|baraja|carta|domino",
  puzzle: "puzle|puzzle|rompecabeza",
  figure: "figura|muneco|llavero",
  ball: "balon|pelota",
  kite: "cometa",
  outdoorToy: "cubo|pompero|pistola de agua",
  scooter: "patinete",
  dvd: "dvd|pelicula",
  bluray: "blu ray|bluray",
  filmPack: "pack 3 peliculas|pack de peliculas|pack peliculas|trilogia",
  pencilCase: "estuche|plumier|neceser",
  pencils: "lapiz|lapices|cera|rotulador|boligrafo",
  notebook: "cuaderno|libreta|agenda|diario",
  book: "libro|cuento|comic|album",
  backpack: "mochila|trolley",
  lunchBox: "fiambrera|tartera|portabocadillo",
  bottle: "botella|cantimplora|vaso con pajita|vaso infantil",
  schoolSupply: "material escolar|regla|goma de borrar|sacapuntas",
  scissors: "tijera",
  stickers: "pegatina|cromo",
  folder: "carpeta|archivador",
  tshirt: "camiseta",
  pyjama: "pijama",
  sweatshirt: "sudadera",
  raincoat: "chubasquero|impermeable",
  rainBoots: "botas de agua|bota|katiuska",
  cap: "gorra|gorro",
  umbrella: "paraguas",
  helmet: "casco",
  mask: "mascara|careta|antifaz",
  watch: "reloj",
  clock: "reloj de pared|despertador",
  socks: "calcetin",
  swimwear: "banador|bikini",
  sunglasses: "gafas",
  faceMask: "mascarilla",
  headband: "diadema",
  costume: "disfraz",
  bedLinen: "funda nordica|juego de sabanas|juego de cama|sabana|edredon|colcha",
  mug: "taza|tazon|vaso",
  towel: "juego de toallas|toalla|capa de bano",
  bathrobe: "albornoz",
  lamp: "lampara|luz nocturna",
  cushion: "cojin|almohada",
  homeItem: "",
  collectorLot: "lote",
  giftBox: "caja regalo",
} as const satisfies Record<string, string>;

export type ProductKind = keyof typeof kindNouns;

export const productKinds = Object.keys(kindNouns) as ProductKind[];

const subcategoryKinds: Readonly<Record<string, ProductKind>> = {
  Peluche: "plush",
  Juego: "boardGame",
  Figura: "figure",
  AireLibre: "outdoorToy",
  DVD: "dvd",
  BLURAY: "bluray",
  PACK: "filmPack",
  MaterialEscolar: "schoolSupply",
  Mochila: "backpack",
  Libro: "book",
  Ropa: "tshirt",
  Accesorios: "cap",
  Disfraz: "costume",
  RopaCama: "bedLinen",
  "ROPA DE CAMA": "bedLinen",
  RopaDeCama: "bedLinen",
  Taza: "mug",
  Baño: "towel",
  Otros: "homeItem",
};

const categoryKinds: Readonly<Record<string, ProductKind>> = {
  Juguete: "figure",
  Pelicula: "dvd",
  Escolar: "schoolSupply",
  Moda: "tshirt",
  Hogar: "homeItem",
  LotesExclusivos: "collectorLot",
  Regalo: "giftBox",
};

/** Lower case, no accents, only letters and digits: "Lámpara-LED" → ["lampara", "led"]. */
export function normalizeWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

type Rule = { words: readonly string[]; kind: ProductKind };

/** Longest phrases first, so "juego de sabanas" wins over "juego". */
const rules: readonly Rule[] = Object.entries(kindNouns)
  .flatMap(([kind, nouns]) =>
    nouns === ""
      ? []
      : nouns.split("|").map((noun) => ({ words: noun.split(" "), kind: kind as ProductKind })),
  )
  .sort((a, b) => b.words.length - a.words.length);

function wordMatches(word: string | undefined, wanted: string): boolean {
  return word === wanted || word === `${wanted}s` || word === `${wanted}es`;
}

function ruleAt(words: readonly string[], start: number): Rule | undefined {
  return rules.find((rule) => rule.words.every((wanted, i) => wordMatches(words[start + i], wanted)));
}

/** Titles name the product within their first words ("Set de 3 tazas …"); later words describe it. */
const NOUN_WINDOW = 4;

const filmWords = new Set(["pelicula", "peliculas", "dvd", "blu", "bluray"]);

function kindFromTitle(title: string): ProductKind | undefined {
  const words = normalizeWords(title);
  if (words[0] === "pack" && words.some((word) => filmWords.has(word))) return "filmPack";
  for (let start = 0; start < Math.min(words.length, NOUN_WINDOW); start++) {
    const rule = ruleAt(words, start);
    if (rule !== undefined) return rule.kind;
  }
  return undefined;
}

/** The earliest product noun of the title, else the sub-category's, else the category's kind. */
export function kindOfProduct(p: { texto: string; categoria: string; subcategoria: string }): ProductKind {
  return (
    kindFromTitle(p.texto) ??
    subcategoryKinds[p.subcategoria.trim()] ??
    categoryKinds[p.categoria.trim()] ??
    "giftBox"
  );
}
