import { backOfficePaths } from "#shared/back-office-ssr-contract.ts";
import styles from "./orders.module.css";

/**
 * «N pedidos nuevos»: told politely by a screen reader as it changes, with the button that reads
 * the list again. The region is always in the page (an added live region is often not read).
 * When the session has ended it says so instead, with the way back in (a full page load: the
 * sign-in page is drawn by the server).
 */
export function NewOrdersBanner(props: {
  numbers: readonly string[];
  missed: boolean;
  signedOut: boolean;
  onRefresh: () => void;
}) {
  if (props.signedOut) {
    return (
      <div className={styles.banner}>
        <p role="status" className={styles.bannerText}>
          Tu sesión ha terminado: no verás los pedidos nuevos hasta que vuelvas a entrar.
        </p>
        <a className={styles.bannerButton} href={backOfficePaths.signIn()}>
          Entrar de nuevo
        </a>
      </div>
    );
  }
  const text = bannerText(props.numbers.length, props.missed);
  return (
    <div className={text === "" ? undefined : styles.banner}>
      <p role="status" className={styles.bannerText}>
        {text}
      </p>
      {text === "" ? null : (
        <button type="button" className={styles.bannerButton} onClick={props.onRefresh}>
          Actualizar la lista
        </button>
      )}
    </div>
  );
}

function bannerText(count: number, missed: boolean): string {
  if (count === 1) return "1 pedido nuevo";
  if (count > 1) return `${count} pedidos nuevos`;
  return missed ? "Puede que haya pedidos nuevos" : "";
}
