import type { Dashboard } from "#shared/api/back-office-dashboard-contract.ts";
import styles from "./dashboard.module.css";

const unitsLeft = (available: number) =>
  available === 0 ? "Agotado" : `Quedan ${available} ${available === 1 ? "unidad" : "unidades"}`;

/** The products about to run out, scarcest first. */
export function LowStock({ lowStock }: { lowStock: Dashboard["lowStock"] }) {
  const { threshold, count, products } = lowStock;
  return (
    <section className={styles.work} aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">Poco stock ({count})</h2>
      <p className={styles.meta}>Productos con {threshold} unidades o menos.</p>
      {count === 0 ? (
        <p className={styles.empty}>Ningún producto se está agotando.</p>
      ) : (
        <ul className={styles.list}>
          {products.map((product) => (
            <li key={product.productId} className={styles.item}>
              <span className={styles.itemName}>{product.name}</span>
              <span className={styles.meta}>Referencia {product.reference || "—"}</span>
              <span className={product.available === 0 ? styles.out : styles.low}>
                {unitsLeft(product.available)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {count > products.length ? (
        <p className={styles.meta}>Y {count - products.length} productos más.</p>
      ) : null}
    </section>
  );
}
