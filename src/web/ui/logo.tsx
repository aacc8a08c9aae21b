import { brand } from "#shared/brand.ts";
import styles from "./logo.module.css";

/** The shop's mark: the robot cat's head, and the name where there is room for it. */
export function Logo({ size = 40, tone = "dark" }: { size?: number; tone?: "dark" | "light" }) {
  return (
    <span className={tone === "light" ? styles.light : styles.logo}>
      <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path d="M8 16 12 3l10 9M40 16 36 3l-10 9" fill="#19b5c9" />
        <path d="M11 12 13 7l4 4M37 12l-2-5-4 4" fill="#ff8a00" />
        <circle cx="24" cy="27" r="18" fill="#19b5c9" />
        <rect x="12" y="20" width="24" height="11" rx="5.5" fill="#0d2b45" />
        <circle cx="18.5" cy="25.5" r="3" fill="#7ff0ff" />
        <circle cx="29.5" cy="25.5" r="3" fill="#7ff0ff" />
        <path d="M19 36q5 4 10 0" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      </svg>
      <span className={styles.wordmark}>{brand.shortName}</span>
    </span>
  );
}
