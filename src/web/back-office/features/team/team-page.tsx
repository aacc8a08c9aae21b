import styles from "../../back-office.module.css";

/** Being built (issue 30): replaced by its helper's page in this session. */
export function TeamPage() {
  return (
    <section className={styles.panel}>
      <title>Equipo · Gestión</title>
      <h1>Equipo</h1>
    </section>
  );
}
