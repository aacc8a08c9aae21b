import { WishlistView } from "#web/features/wishlist/components/wishlist-view.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "#web/ui/form.module.css";
import { useShopperActions } from "../use-shopper-actions.ts";

export function Component() {
  const { t } = useTranslation();
  const { addToCart, setWished } = useShopperActions();
  return (
    <>
      <title>{t("wishlist.title")}</title>
      <meta name="robots" content="noindex" />
      <WishlistView
        renderActions={(product) => (
          <button
            type="button"
            className={styles.submit}
            disabled={product.stock <= 0}
            onClick={() => {
              addToCart(product.id, 1);
              setWished(product.id, false);
            }}
          >
            {t("wishlist.moveToCart")}
          </button>
        )}
      />
    </>
  );
}
