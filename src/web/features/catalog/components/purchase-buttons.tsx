import type { ReactNode } from "react";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { CartIcon, HeartIcon } from "#web/ui/icons.tsx";
import styles from "./purchase-buttons.module.css";

type PurchaseButtonsProps = {
  soldOut: boolean;
  onAddToCart: () => void;
  /** The heart, the shopper's own part of the page (a `WishToggle` for them). */
  wish: ReactNode;
};

export function PurchaseButtons({ soldOut, onAddToCart, wish }: PurchaseButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className={styles.cart} onClick={onAddToCart} disabled={soldOut}>
        <CartIcon size={20} />
        {soldOut ? t("stock.out") : t("product.addToCart")}
      </button>
      {wish}
    </>
  );
}

/** The heart: puts the product in the wish list or takes it out. */
export function WishToggle({ wished, onToggle }: { wished: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={wished ? styles.wishActive : styles.wish}
      onClick={onToggle}
      aria-pressed={wished}
      aria-label={t(wished ? "product.removeFromWishlist" : "product.addToWishlist")}
    >
      <HeartIcon size={22} />
    </button>
  );
}
