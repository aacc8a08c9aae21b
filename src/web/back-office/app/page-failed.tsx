import styles from "../back-office.module.css";

/** A page that failed to draw in the browser (a lost connection, an answer we did not expect). */
export function PageFailed() {
  return (
    <section className={styles.panel} aria-labelledby="failed-title">
      <h1 id="failed-title">No hemos podido mostrar esta página</h1>
      <p>Comprueba tu conexión y vuelve a cargar la página.</p>
    </section>
  );
}
