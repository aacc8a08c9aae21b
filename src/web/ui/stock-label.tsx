import { stockState } from "#shared/stock.ts";
import { useTranslation } from "#web/lib/i18n/i18n.tsx";
import styles from "./stock-label.module.css";

/** 'Agotado' at 0, 'Últimas unidades' when low, 'En stock' otherwise. */
export function StockLabel({ stock }: { stock: number }) {
  const { t } = useTranslation();
  const state = stockState(stock);
  return <span className={`${styles.label} ${styles[state]}`}>{t(`stock.${state}`)}</span>;
}
