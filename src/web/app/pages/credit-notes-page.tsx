import { creditNotesQuery } from "#web/features/orders/api/order-calls.ts";
import { CreditNotesList } from "#web/features/orders/components/credit-notes-list.tsx";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { type PageModule, prefetchForShopper } from "../page-module.ts";

export const prefetch: PageModule["prefetch"] = (context) =>
  prefetchForShopper(context, (client) => [client.prefetchQuery(creditNotesQuery)]);

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
