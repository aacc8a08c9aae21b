import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import { Link } from "#web/lib/routing.tsx";
import styles from "../back-office.module.css";

/** Any other address under /gestion (the server answers it 404). */
export function NotFoundPage() {
  return (
    <section className={styles.panel} aria-labelledby="not-found-title">
      <title>Página no encontrada · Gestión</title>
      <h1 id="not-found-title">Página no encontrada</h1>
      <p>No hay ninguna página de la gestión en esta dirección.</p>
      <p>
        <Link to={backOfficePaths.home()}>Ir al inicio de la gestión</Link>
      </p>
    </section>
  );
}
