import { formatShopDate } from "#shared/dates.ts";
import { paths } from "#shared/paths.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Link } from "#web/lib/routing.tsx";
import { Price } from "#web/ui/price.tsx";
import { Spinner } from "#web/ui/spinner.tsx";
import { useCreditNotes } from "../api/order-calls.ts";
import styles from "./orders.module.css";

/** /abono: the shopper's credit notes, each with its PDF and the order it refunds. */
export function CreditNotesList() {
  const { t, lang } = useTranslation();
  const { data } = useCreditNotes();
  if (!data) return <Spinner label={t("common.loading")} />;
  return (
    <section className={styles.orders}>
      <h1>{t("orders.creditNotesTitle")}</h1>
      {data.items.length === 0 ? (
        <p className={styles.empty}>{t("orders.creditNotesEmpty")}</p>
      ) : (
        <ul className={styles.list}>
          {data.items.map((note) => (
            <li key={note.number} className={styles.row}>
              <span>
                <strong>{t("orders.creditNote", { number: note.number })}</strong>
                <br />
                {formatShopDate(note.issuedAt, lang)} ·{" "}
                <Link to={paths.purchase(note.orderId)}>
                  {t("orders.number", { number: note.orderNumber })}
                </Link>
              </span>
              <a
                href={`/api/orders/${note.orderId}/documents/${note.number}`}
                download={`${note.number}.pdf`}
              >
                PDF
              </a>
              <Price cents={-note.totalCents} className={styles.total} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
