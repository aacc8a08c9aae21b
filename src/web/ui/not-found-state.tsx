import type { ReactNode } from "react";
import { Link } from "#web/lib/routing.tsx";
import styles from "./not-found-state.module.css";

type NotFoundStateProps = {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
  children?: ReactNode;
};

/** The friendly dead end: what happened, and a way back. */
export function NotFoundState({ title, message, backTo, backLabel, children }: NotFoundStateProps) {
  return (
    <section className={styles.box} aria-labelledby="not-found-title">
      <svg className={styles.art} viewBox="0 0 120 120" aria-hidden="true" focusable="false">
        <circle cx="60" cy="64" r="40" fill="#e3f5fd" />
        <path d="M30 40 38 14l18 18M90 40 82 14 64 32" fill="#19b5c9" />
        <circle cx="60" cy="62" r="32" fill="#19b5c9" />
        <circle cx="48" cy="58" r="6" fill="#fff" />
        <circle cx="72" cy="58" r="6" fill="#fff" />
        <path d="M50 80q10-8 20 0" stroke="#0d2b45" strokeWidth="4" fill="none" strokeLinecap="round" />
      </svg>
      <h1 id="not-found-title">{title}</h1>
      <p>{message}</p>
      {children}
      <Link className={styles.back} to={backTo}>
        {backLabel}
      </Link>
    </section>
  );
}
