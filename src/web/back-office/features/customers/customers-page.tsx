import styles from "../../back-office.module.css";

/** Being built (issue 30): replaced by its helper's page in this session. */
export function CustomersPage() {
  return (
    <section className={styles.panel}>
      <title>Clientes · Gestión</title>
      <h1>Clientes</h1>
    </section>
  );
}
