import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { Price } from "#web/ui/price.tsx";
import { ProductImage } from "#web/ui/product-image.tsx";
import { QuantitySelector } from "#web/ui/quantity-selector.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { useCart, useChangeCart } from "../api/cart-calls.ts";
import styles from "./cart-view.module.css";

/** The first step of /checkout: the cart, editable, with its subtotal. */
export function CartView() {
  const { t } = useTranslation();
  const { data: cart, isPending } = useCart();
  const change = useChangeCart();
  if (isPending || !cart) return <Spinner label={t("common.loading")} />;
  return (
    <section className={styles.cart}>
      <h1>{t("cart.title")}</h1>
      {cart.lines.length === 0 ? (
        <p className={styles.empty}>
          {t("cart.empty")} <Link to={paths.home()}>{t("cart.keepShopping")}</Link>
        </p>
      ) : (
        <>
          <ul className={styles.lines} aria-label={t("cart.lines")}>
            {cart.lines.map(({ product, cantidad }) => (
              <li key={product.id} className={styles.line}>
                <ProductImage src={product.imagen} alt="" sizes="96px" className={styles.image} />
                <div className={styles.about}>
                  <Link to={paths.product(product.id)}>{product.texto}</Link>
                  <Price cents={product.priceCents} className={styles.unitPrice} />
                </div>
                <QuantitySelector
                  value={cantidad}
                  max={product.stock}
                  onChange={(next) => change.mutate({ kind: "set", productId: product.id, cantidad: next })}
                />
                <Price cents={product.priceCents * cantidad} className={styles.lineTotal} />
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => change.mutate({ kind: "remove", productId: product.id })}
                  aria-label={t("cart.remove", { product: product.texto })}
                >
                  {t("cart.removeShort")}
                </button>
              </li>
            ))}
          </ul>
          <dl className={styles.summary}>
            <dt>{t("cart.items")}</dt>
            <dd>{cart.totalQuantity}</dd>
            <dt>{t("cart.subtotal")}</dt>
            <dd>
              <Price cents={cart.subtotalCents} />
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}
