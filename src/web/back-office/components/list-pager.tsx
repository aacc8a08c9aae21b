import { Link } from "#web/lib/routing.tsx";
import styles from "./list-page.module.css";

/** Back and on through a list's pages (`href(page)`, the search kept), when it has more than one. */
export function ListPager(props: {
  /** What the pages are of, for the navigation's name: «Páginas de clientes». */
  label: string;
  page: number;
  total: number;
  pageSize: number;
  href: (page: number) => string;
}) {
  const { page, href } = props;
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label={props.label} className={styles.pages}>
      {page > 1 && (
        <Link to={href(page - 1)} rel="prev">
          Anterior
        </Link>
      )}
      <span>
        Página {page} de {pages}
      </span>
      {page < pages && (
        <Link to={href(page + 1)} rel="next">
          Siguiente
        </Link>
      )}
    </nav>
  );
}
