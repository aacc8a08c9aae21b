import { WishToggle } from "#web/features/catalog/components/purchase-buttons.tsx";
import { useWishlist } from "#web/features/wishlist/api/wishlist-calls.ts";
import { useShopperActions } from "../use-shopper-actions.ts";

/** A product's heart, pressed when it is in the signed-in shopper's wish list. */
export function WishHeart({ productId }: { productId: number }) {
  const { setWished } = useShopperActions();
  const { data: wishlist } = useWishlist();
  const wished = wishlist?.items.some((item) => item.product.id === productId) ?? false;
  return <WishToggle wished={wished} onToggle={() => setWished(productId, !wished)} />;
}
