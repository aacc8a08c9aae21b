import { addressesQuery } from "#web/features/addresses/api/address-calls.ts";
import { AddressBook } from "#web/features/addresses/components/address-book.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { type PageModule, prefetchForShopper } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = (context) =>
  prefetchForShopper(context, (client) => [client.prefetchQuery(addressesQuery)]);

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("addresses.title")}</title>
      <meta name="robots" content="noindex" />
      <AddressBook />
    </>
  );
}
