import type { OrderView } from "#shared/api/order-contract.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import { Price } from "#web/ui/price.tsx";
import styles from "./orders.module.css";

/** What was bought: each line with its code, VAT rate, quantity (and how many went back), unit price and total. */
export function OrderLinesTable({ lines }: { lines: OrderView["lines"] }) {
  const { t } = useTranslation();
  return (
    <table className={styles.lines}>
      <caption className="visually-hidden">{t("orders.products")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("orders.product")}</th>
          <th scope="col">{t("orders.quantity")}</th>
          <th scope="col">{t("orders.unitPrice")}</th>
          <th scope="col">{t("orders.lineTotal")}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.productId}>
            <td>
              {line.name}
              <br />
              <small>
                {line.code}
                {line.vatRate !== null && ` · ${t("orders.vatRate", { rate: line.vatRate })}`}
              </small>
            </td>
            <td>
              {line.quantity}
              {line.refundedQuantity > 0 && (
                <>
                  <br />
                  <small>{t("orders.refundedUnits", { count: line.refundedQuantity })}</small>
                </>
              )}
            </td>
            <td>
              <Price cents={line.unitCents} />
            </td>
            <td>
              <Price cents={line.totalCents} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
