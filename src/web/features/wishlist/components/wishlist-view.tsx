import type { ReactNode } from "react";
import type { ProductCard } from "#shared/api/catalog-contract.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { Price } from "#web/ui/price.tsx";
import { ProductImage } from "#web/ui/product-image.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { StockLabel } from "#web/ui/stock-label.tsx";
import { useChangeWishlist, useWishlist } from "../api/wishlist-calls.ts";
import styles from "./wishlist-view.module.css";

type WishlistViewProps = {
  /** Extra buttons per product, supplied by the page (moving it to the cart). */
  renderActions: (product: ProductCard) => ReactNode;
};

export function WishlistView({ renderActions }: WishlistViewProps) {
  const { t } = useTranslation();
  const { data: list, isPending } = useWishlist();
  const change = useChangeWishlist();
  if (isPending || !list) return <Spinner label={t("common.loading")} />;
  return (
    <section className={styles.list}>
      <h1>{t("wishlist.title")}</h1>
      {list.items.length === 0 ? (
        <p className={styles.empty}>{t("wishlist.empty")}</p>
      ) : (
        <ul className={styles.items}>
          {list.items.map(({ product }) => (
            <li key={product.id} className={styles.item}>
              <ProductImage src={product.imagen} alt="" sizes="96px" className={styles.image} />
              <div className={styles.info}>
                <Link to={paths.product(product.id)}>{product.texto}</Link>
                <Price cents={product.priceCents} className={styles.price} />
                <StockLabel stock={product.stock} />
              </div>
              <div className={styles.actions}>
                {renderActions(product)}
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => change.mutate({ productId: product.id, wished: false })}
                  aria-label={t("wishlist.remove", { product: product.texto })}
                >
                  {t("cart.removeShort")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
