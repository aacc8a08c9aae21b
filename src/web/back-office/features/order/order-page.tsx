import styles from "../../back-office.module.css";

/** Being built (issue 30): replaced by its helper's page in this session. */
export function OrderPage() {
  return (
    <section className={styles.panel}>
      <title>Pedido · Gestión</title>
      <h1>Pedido</h1>
    </section>
  );
}
