import { paths } from "#shared/paths.ts";
import { useChangeCart } from "#web/features/cart/api/cart-calls.ts";
import { useChangeWishlist } from "#web/features/wishlist/api/wishlist-calls.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useNavigate } from "#web/lib/routing.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { notify } from "#web/ui/toast-queue.ts";
import { type PendingIntent, rememberIntent } from "./pending-intent.ts";

/**
 * Add-to-cart and the heart, for every page that shows them. A signed-out shopper is sent to
 * /login, and the product is added once they have signed in (shell/pending-intent-runner.tsx).
 */
export function useShopperActions() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.acceso);
  const navigate = useNavigate();
  const cart = useChangeCart();
  const wishlist = useChangeWishlist();

  async function perform(intent: PendingIntent, wished = true): Promise<void> {
    try {
      if (intent.kind === "cart") {
        await cart.mutateAsync({ kind: "add", productId: intent.productId, cantidad: intent.cantidad });
        notify(t("cart.added"), "success");
      } else {
        await wishlist.mutateAsync({ productId: intent.productId, wished });
        notify(t(wished ? "wishlist.added" : "wishlist.removed"), "success");
      }
    } catch (error) {
      const key =
        error instanceof ApiError && error.code === "not-enough-stock"
          ? "cart.notEnoughStock"
          : "cart.failed";
      notify(t(key), "error");
    }
  }

  function request(intent: PendingIntent, wished = true): void {
    if (signedIn) {
      void perform(intent, wished);
      return;
    }
    rememberIntent(intent);
    void navigate(paths.login());
  }

  return {
    perform,
    addToCart: (productId: number, cantidad: number) => request({ kind: "cart", productId, cantidad }),
    setWished: (productId: number, wished: boolean) => request({ kind: "wish", productId }, wished),
  };
}
