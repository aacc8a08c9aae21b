import { addressesQuery } from "#web/features/addresses/api/address-calls.ts";
import { AddressPicker } from "#web/features/addresses/components/address-picker.tsx";
import { useCart } from "#web/features/cart/api/cart-calls.ts";
import { CartView } from "#web/features/cart/components/cart-view.tsx";
import { CheckoutFlow } from "#web/features/checkout/components/checkout-flow.tsx";
import { personalDataQuery, usePersonalData } from "#web/features/personal-data/api/personal-data-calls.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { useSession } from "#web/lib/session/session.tsx";
import { type PageModule, prefetchForShopper } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = (context) =>
  prefetchForShopper(context, (client) => [
    client.prefetchQuery(addressesQuery),
    client.prefetchQuery(personalDataQuery),
  ]);

/** /checkout: the cart (step 1), then the checkout steps once it holds something. */
export function Component() {
  const { t } = useTranslation();
  const { data: cart } = useCart();
  const user = useSession((state) => state.user);
  // A guest has no personal data: the invoice asks for the name (and the email) instead.
  const { data: personal } = usePersonalData(user?.guest !== true);
  const names = user?.guest ? { name: "", lastName: "" } : user;
  return (
    <>
      <title>{t("cart.title")}</title>
      <meta name="robots" content="noindex" />
      <CartView />
      {cart && cart.lines.length > 0 && (
        <CheckoutFlow
          renderAddressPicker={(props) => <AddressPicker {...props} />}
          invoiceDefaults={{
            name: personal?.name ?? names?.name ?? "",
            lastName: personal?.lastName ?? names?.lastName ?? "",
          }}
        />
      )}
    </>
  );
}
