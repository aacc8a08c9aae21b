import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { CartIcon, HeartIcon } from "#web/ui/icons.tsx";
import styles from "./purchase-buttons.module.css";

type PurchaseButtonsProps = {
  soldOut: boolean;
  onAddToCart: () => void;
  onToggleWish: () => void;
  wished?: boolean;
};

export function PurchaseButtons({
  soldOut,
  onAddToCart,
  onToggleWish,
  wished = false,
}: PurchaseButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className={styles.cart} onClick={onAddToCart} disabled={soldOut}>
        <CartIcon size={20} />
        {soldOut ? t("stock.out") : t("product.addToCart")}
      </button>
      <button
        type="button"
        className={wished ? styles.wishActive : styles.wish}
        onClick={onToggleWish}
        aria-pressed={wished}
        aria-label={t(wished ? "product.removeFromWishlist" : "product.addToWishlist")}
      >
        <HeartIcon size={22} />
      </button>
    </>
  );
}
