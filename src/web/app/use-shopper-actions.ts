import { paths } from "#shared/paths.ts";
import { signInAsGuest } from "#web/features/account/api/auth-calls.ts";
import { useChangeCart } from "#web/features/cart/api/cart-calls.ts";
import { useChangeWishlist } from "#web/features/wishlist/api/wishlist-calls.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useNavigate } from "#web/lib/routing.tsx";
import { useSession, useSessionStore } from "#web/lib/session/session.tsx";
import { canShop, signedIn as startSession } from "#web/lib/session/session-store.ts";
import { notify } from "#web/ui/toast-queue.ts";
import { type PendingIntent, rememberIntent } from "./pending-intent.ts";

/**
 * Add-to-cart and the heart, for every page that shows them. A visitor adding to the cart chooses
 * to buy as a guest (decision 032), sign in or sign up; the heart sends them (and a guest) to
 * /login. Whatever they asked for is done once they are in (shell/pending-intent-runner.tsx).
 */
export function useShopperActions() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.acceso);
  const shopping = useSession(canShop);
  const session = useSessionStore();
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

  /** The visitor's choice before a first add to the cart: as a guest, or with an account. */
  async function offerGuest(intent: PendingIntent): Promise<void> {
    // The dialog's library loads only when it is needed, not with every catalogue page.
    const { chooseOne } = await import("#web/ui/choice-dialog.ts");
    const choice = await chooseOne({
      title: t("guest.choiceTitle"),
      text: t("guest.choiceText"),
      primary: t("guest.asGuest"),
      secondary: t("guest.signIn"),
      tertiary: t("guest.signUp"),
      close: t("guest.close"),
    });
    if (choice === "primary") {
      try {
        startSession(session, await signInAsGuest());
      } catch (error) {
        const key = error instanceof ApiError && error.status === 429 ? "guest.tooMany" : "guest.failed";
        notify(t(key), "error");
        return;
      }
      await perform(intent);
    } else if (choice !== null) {
      rememberIntent(intent);
      void navigate(choice === "secondary" ? paths.login() : paths.register());
    }
  }

  function request(intent: PendingIntent, wished = true): void {
    if (signedIn || (intent.kind === "cart" && shopping)) {
      void perform(intent, wished);
      return;
    }
    if (intent.kind === "cart") {
      void offerGuest(intent);
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
