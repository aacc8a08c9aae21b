import { purchasedQuery } from "#web/features/orders/api/order-calls.ts";
import { PurchasedProducts } from "#web/features/orders/components/purchased-products.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "#web/ui/form.module.css";
import { type PageModule, prefetchForShopper } from "../page-module.ts";
import { useShopperActions } from "../use-shopper-actions.ts";

export const prefetch: PageModule["prefetch"] = (context) =>
  prefetchForShopper(context, (client) => [client.prefetchQuery(purchasedQuery(context.lang))]);

/** /comprasRealizadas: bought before, one click to the cart again. */
export function Component() {
  const { t } = useTranslation();
  const { addToCart } = useShopperActions();
  return (
    <>
      <title>{t("orders.purchasedTitle")}</title>
      <meta name="robots" content="noindex" />
      <PurchasedProducts
        renderActions={(product) => (
          <button
            type="button"
            className={styles.submit}
            disabled={product.stock <= 0}
            onClick={() => addToCart(product.id, 1)}
            aria-label={t("orders.buyAgainLabel", { product: product.texto })}
          >
            {t("orders.buyAgain")}
          </button>
        )}
      />
    </>
  );
}
