import { createContext, type ReactNode, useContext } from "react";
import { type HoleId, holeIds, wishHoleProduct } from "#shared/personal-holes.ts";
import { CartBadge } from "./shell/cart-badge.tsx";
import { WishHeart } from "./shell/wish-heart.tsx";

const DrawingTemplate = createContext(false);

/** On the server: draws the page every shopper shares, each one's own parts left as holes. */
export function HoleTemplateProvider({ children }: { children: ReactNode }) {
  return <DrawingTemplate value={true}>{children}</DrawingTemplate>;
}

/**
 * What a hole holds: the same component in the page and drawn alone for one shopper (so the
 * server's filled holes are what the browser hydrates). It may read the session, the cart, the
 * wish list and the language, and nothing that depends on where it sits in the page.
 */
export function holeContent(id: HoleId): ReactNode {
  const productId = wishHoleProduct(id);
  if (productId !== undefined) return <WishHeart productId={productId} />;
  if (id === holeIds.cartBadge) return <CartBadge />;
  return null;
}

/** A signed-in shopper's own part of a shared page (decision 020). */
export function PersonalHole({ id }: { id: HoleId }) {
  return useContext(DrawingTemplate) ? <template data-hole={id} /> : holeContent(id);
}
