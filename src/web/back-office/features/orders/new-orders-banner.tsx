import styles from "./orders.module.css";

/**
 * «N pedidos nuevos»: told politely by a screen reader as it changes, with the button that reads
 * the list again. The region is always in the page (an added live region is often not read).
 */
export function NewOrdersBanner(props: {
  numbers: readonly string[];
  missed: boolean;
  onRefresh: () => void;
}) {
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
