/** Fixed colours of the characters: they never change with the product variant. */
export const ink = {
  outline: "#0B4F5C",
  navy: "#1B2A41",
  white: "#FFFFFF",
  brand: "#009FE3",
  miaubot: "#19B5C9",
  miaubotShade: "#1294A6",
  earInner: "#FF9F43",
  star: "#FFD23F",
  collar: "#E63946",
  cheek: "#FF9DB0",
  pocket: "#DDF5F8",
  shadow: "#0B2530",
} as const;

/** One colourway of a product: the object's main colour, its shade, a light tint and an accent. */
export type Swatch = { main: string; dark: string; light: string; accent: string };

const swatches: readonly Swatch[] = [
  { main: "#009FE3", dark: "#0077AA", light: "#BFE9FA", accent: "#FFD23F" },
  { main: "#FF6B6B", dark: "#D94848", light: "#FFE0DE", accent: "#19B5C9" },
  { main: "#FFC93C", dark: "#E0A100", light: "#FFF3CF", accent: "#009FE3" },
  { main: "#F7F5EE", dark: "#D8D4C6", light: "#FFFFFF", accent: "#FF6B6B" },
  { main: "#8E6CEF", dark: "#6A4BC4", light: "#E8E0FF", accent: "#FFC93C" },
  { main: "#2B3A67", dark: "#1B2545", light: "#D9DEEF", accent: "#FF9F43" },
  { main: "#FF8FB1", dark: "#E0668E", light: "#FFE3EC", accent: "#2B3A67" },
  { main: "#8AC926", dark: "#6A9E17", light: "#EAF7D2", accent: "#8E6CEF" },
  { main: "#FF9F43", dark: "#E07B1A", light: "#FFEBD6", accent: "#2B3A67" },
  { main: "#E63946", dark: "#B82532", light: "#FDE0E2", accent: "#FFD23F" },
];

/** Soft backdrops: [centre, edge] of the radial background. */
const backdrops: readonly (readonly [string, string])[] = [
  ["#FFFFFF", "#DDF1FB"],
  ["#FFFFFF", "#FFE9D6"],
  ["#FFFFFF", "#E9E3FF"],
  ["#FFFFFF", "#DDF5EA"],
  ["#FFFFFF", "#FFE3EA"],
  ["#FFFFFF", "#FFF3C4"],
  ["#FFFFFF", "#E3EAF2"],
];

/** The colours of one product picture, stable for a product id. */
export type Variant = {
  swatch: Swatch;
  alt: Swatch;
  backdrop: readonly [string, string];
  altBackdrop: readonly [string, string];
  /** 0..2, picks small drawing choices (pose, pattern) so siblings differ. */
  style: number;
};

function pick<T>(list: readonly T[], index: number): T {
  const item = list[((index % list.length) + list.length) % list.length];
  if (item === undefined) throw new Error("empty palette");
  return item;
}

/** Multipliers coprime with the list lengths, so consecutive ids always get different colours. */
export function variantOf(id: number): Variant {
  return {
    swatch: pick(swatches, id * 3),
    alt: pick(swatches, id * 3 + 5),
    backdrop: pick(backdrops, id * 2),
    altBackdrop: pick(backdrops, id * 2 + 3),
    style: id % 3,
  };
}
