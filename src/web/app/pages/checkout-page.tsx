import { CartView } from "#web/features/cart/components/cart-view.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("cart.title")}</title>
      <meta name="robots" content="noindex" />
      <CartView />
    </>
  );
}
