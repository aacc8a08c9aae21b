import { AddressBook } from "#web/features/addresses/components/address-book.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";

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
