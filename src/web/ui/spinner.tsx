import styles from "./spinner.module.css";

export type SpinnerSize = "small" | "medium" | "large";

/** Spec §9's default colour, in the stylesheet (`.ring`). */
const DEFAULT_COLOR = "#009FE3";

type SpinnerProps = {
  size?: SpinnerSize;
  color?: string;
  /** Cover the whole viewport (page loads, spec §2). */
  fullPage?: boolean;
  label?: string;
};

export function Spinner({
  size = "medium",
  color = DEFAULT_COLOR,
  fullPage = false,
  label = "Cargando...",
}: SpinnerProps) {
  return (
    <div className={fullPage ? styles.fullPage : styles.inline} role="status" aria-live="polite">
      {/* Sizes and the default colour are classes: a style attribute in the server's HTML is
          refused by the CSP (decision 026), as a guest's or a visitor's first view showed. */}
      <span
        className={`${styles.ring} ${styles[size]}`}
        style={color === DEFAULT_COLOR ? undefined : { borderTopColor: color }}
        aria-hidden="true"
      />
      <span className={styles.label}>{label}</span>
    </div>
  );
}
