import styles from "../../back-office.module.css";

/** Being built (issue 30): replaced by its helper's page in this session. */
export function OrdersPage() {
  return (
    <section className={styles.panel}>
      <title>Pedidos · Gestión</title>
      <h1>Pedidos</h1>
    </section>
  );
}
