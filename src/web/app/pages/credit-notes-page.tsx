import { CreditNotesList } from "#web/features/orders/components/credit-notes-list.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("orders.creditNotesTitle")}</title>
      <meta name="robots" content="noindex" />
      <CreditNotesList />
    </>
  );
}
