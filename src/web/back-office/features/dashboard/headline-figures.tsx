import type { SalesFigures } from "#shared/api/back-office-dashboard-contract.ts";
import styles from "./dashboard.module.css";
import { euros } from "./dashboard-format.ts";

/** The four figures of a span (today, the 30 days), each a label over its value. */
export function HeadlineFigures({
  id,
  title,
  figures,
}: {
  id: string;
  title: string;
  figures: SalesFigures;
}) {
  const items = [
    { label: "Ingresos", value: euros(figures.revenueCents) },
    { label: "Pedidos", value: String(figures.orders) },
    { label: "Cesta media", value: euros(figures.averageBasketCents) },
    { label: "Reembolsos", value: euros(figures.refundsCents) },
  ];
  return (
    <section className={styles.headline} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className={styles.figures}>
        {items.map(({ label, value }) => (
          <div key={label} className={styles.figure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
