import styles from "./spinner.module.css";

export type SpinnerSize = "small" | "medium" | "large";

const diameters: Record<SpinnerSize, number> = { small: 24, medium: 48, large: 72 };

type SpinnerProps = {
  size?: SpinnerSize;
  color?: string;
  /** Cover the whole viewport (page loads, spec §2). */
  fullPage?: boolean;
  label?: string;
};

export function Spinner({
  size = "medium",
  color = "#009FE3",
  fullPage = false,
  label = "Cargando...",
}: SpinnerProps) {
  const diameter = diameters[size];
  return (
    <div className={fullPage ? styles.fullPage : styles.inline} role="status" aria-live="polite">
      <span
        className={styles.ring}
        style={{ width: diameter, height: diameter, borderTopColor: color }}
        aria-hidden="true"
      />
      <span className={styles.label}>{label}</span>
    </div>
  );
}
