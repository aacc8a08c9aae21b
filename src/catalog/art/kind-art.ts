import type { KindArt } from "./art-kit.ts";
import { clothesKinds } from "./kinds-clothes.ts";
import { costumeKinds } from "./kinds-costume.ts";
import { gearKinds } from "./kinds-gear.ts";
import { giftKinds } from "./kinds-gifts.ts";
import { homeKinds } from "./kinds-home.ts";
import { mediaKinds } from "./kinds-media.ts";
import { miscKinds } from "./kinds-misc.ts";
import { schoolKinds } from "./kinds-school.ts";
import { stationeryKinds } from "./kinds-stationery.ts";
import { toyKinds } from "./kinds-toys.ts";
import { wearKinds } from "./kinds-wear.ts";
import type { ProductKind } from "./product-kind.ts";

/** Every kind has a drawing: the compiler checks this record is complete. */
const kinds: Record<ProductKind, KindArt> = {
  ...toyKinds,
  ...mediaKinds,
  ...schoolKinds,
  ...stationeryKinds,
  ...clothesKinds,
  ...costumeKinds,
  ...gearKinds,
  ...homeKinds,
  ...giftKinds,
  ...wearKinds,
  ...miscKinds,
};

export function kindArt(kind: ProductKind): KindArt {
  return kinds[kind];
}
