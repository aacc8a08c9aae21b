/**
 * A page every shopper shares is drawn once with a marked hole where each signed-in shopper's own
 * part goes (the cart badge, a heart, their boot data); the server fills the holes for each
 * shopper (decision 020). The marker is what React writes for `<template data-hole={id} />`.
 */
export const holeIds = {
  /** The header's cart badge (the cart's total quantity). */
  cartBadge: "cart-badge",
  /** A product's heart: in the shopper's wish list or not. */
  wish: (productId: number) => `wish-${productId}` as const,
  /** The content of the <script id="boot-user"> element: who is signed in and their data. */
  bootUser: "boot-user",
} as const;

export type HoleId = typeof holeIds.cartBadge | typeof holeIds.bootUser | `wish-${number}`;

const HOLE_ID = /^(?:cart-badge|boot-user|wish-[1-9]\d{0,8})$/;

export function isHoleId(value: string): value is HoleId {
  return HOLE_ID.test(value);
}

export function holeMarker(id: HoleId): string {
  return `<template data-hole="${id}"></template>`;
}

/** Every marker in a drawn page, in order. */
export const HOLE_MARKER = /<template data-hole="([a-z0-9-]+)"><\/template>/g;

/** The product a heart hole is for, or undefined for any other hole. */
export function wishHoleProduct(id: HoleId): number | undefined {
  return id.startsWith("wish-") ? Number(id.slice(5)) : undefined;
}
