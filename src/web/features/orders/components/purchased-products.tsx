import type { ReactNode } from "react";
import type { ProductCard } from "#shared/api/catalog-contract.ts";
import { formatShopDate } from "#shared/dates.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { Price } from "#web/ui/price.tsx";
import { ProductImage } from "#web/ui/product-image.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { StockLabel } from "#web/ui/stock-label.tsx";
import { usePurchasedProducts } from "../api/order-calls.ts";
import styles from "./orders.module.css";

type PurchasedProductsProps = {
  /** The buy-again button, supplied by the page (it adds to the cart). */
  renderActions: (product: ProductCard) => ReactNode;
};

/** /comprasRealizadas: every product the shopper has bought, to buy it again. */
export function PurchasedProducts({ renderActions }: PurchasedProductsProps) {
  const { t, lang } = useTranslation();
  const { data } = usePurchasedProducts();
  if (!data) return <Spinner label={t("common.loading")} />;
  return (
    <section className={styles.orders}>
      <h1>{t("orders.purchasedTitle")}</h1>
      {data.items.length === 0 ? (
        <p className={styles.empty}>
          {t("orders.purchasedEmpty")} <Link to={paths.home()}>{t("cart.keepShopping")}</Link>
        </p>
      ) : (
        <ul className={styles.list}>
          {data.items.map(({ product, lastBought }) => (
            <li key={product.id} className={styles.product}>
              <ProductImage src={product.imagen} alt="" sizes="96px" className={styles.image} />
              <span className={styles.productInfo}>
                <Link to={paths.product(product.id)}>{product.texto}</Link>
                <Price cents={product.priceCents} className={styles.total} />
                <StockLabel stock={product.stock} />
                <small>
                  {t("orders.lastBought", {
                    date: formatShopDate(lastBought, lang),
                  })}
                </small>
              </span>
              {renderActions(product)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
