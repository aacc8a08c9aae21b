import styles from "../../back-office.module.css";

/** Being built (issue 30): replaced by its helper's page in this session. */
export function CustomerPage() {
  return (
    <section className={styles.panel}>
      <title>Cliente · Gestión</title>
      <h1>Cliente</h1>
    </section>
  );
}
